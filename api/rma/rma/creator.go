package rma

import (
	"context"
	"log/slog"
	"time"

	"rugged.example/portal/api/pkg/db"
)

// Creator turns a submitted stepper into an RMA with its label.
type Creator struct {
	Store     RMAStore
	Tx        db.Transactor
	Addresses AddressRules
	Uploads   AttachmentClaimer
	Shipping  DocumentIssuer
	Mail      Mailer
	Units     Unfreezer
	Secrets   Sealer
	// Counter, when set, counts the RMAs created.
	Counter CreationCounter
	Log     *slog.Logger
	// DocumentURL turns a document id into the link the e-mail carries.
	DocumentURL func(id string) string
	Now         func() time.Time
}

// Opened is told, after the commit, of an RMA a transaction opened: it is counted and the
// unit's cached copy, which still says it has no RMA, is dropped.
func (c *Creator) Opened(ctx context.Context, rec RMA) {
	if c.Counter != nil {
		c.Counter.RMACreated(rec.Type)
	}
	c.forgetUnit(ctx, rec.Serial)
}

func (c *Creator) forgetUnit(ctx context.Context, serial string) {
	if err := c.Units.ForgetUnit(ctx, serial); err != nil {
		c.Log.WarnContext(ctx, "unit cache not cleared", "serial", serial, "err", err)
	}
}

// event is an entry of number's timeline, now; status is "" for one that moves nothing.
func (c *Creator) event(number string, kind EventKind, status Status, actor, detail string) Event {
	return Event{RMANumber: number, At: c.Now().UTC(), Kind: kind, Status: status, Actor: actor, Detail: detail}
}
