package payments

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/money"
)

// CheckoutDeps are the checkout's collaborators.
type CheckoutDeps struct {
	Store   CheckoutStore
	Tx      db.Transactor
	Mail    Mailer
	PayPal  PayPal
	AuthNet AuthNet
	// Fulfiller is told of quotes paid by webhooks and the pay-quote pages; nil tells nobody
	// (a checkout that only the repair process's calls use).
	Fulfiller Fulfiller
	// PublicURL is where browsers reach the portal; return and cancel URLs start with it.
	PublicURL string
	// Refunds counts the refunds of money that did not pay its quote (metrics); nil counts
	// nothing.
	Refunds RefundCounter
	Log     *slog.Logger
	// Now is the clock (time.Now when nil).
	Now func() time.Time
}

// Checkout takes the money of quotes: the RMA paths the repair service drives (SaveQuote,
// QuoteForRMA, AcceptPurchaseOrder, StartPayPal, SettleRMA, CancelForRMA), the pay-quote pages,
// and the providers' webhooks. A quote moves to paid once: the store's conditional write picks
// one winner among racing returns, webhooks and double clicks, and only the winner mails the
// receipt (in the same transaction) and tells the Fulfiller (after the commit). Money that
// reaches a provider and does not pay its quote (it lost that write, or came for a quote paid,
// cancelled or expired) is given back through the provider (surplus.go).
type Checkout struct {
	d CheckoutDeps
}

// NewCheckout wires the checkout.
func NewCheckout(d CheckoutDeps) *Checkout {
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.Log == nil {
		d.Log = slog.New(slog.DiscardHandler)
	}
	d.PublicURL = strings.TrimRight(d.PublicURL, "/")
	return &Checkout{d: d}
}

// now is the clock to the microsecond PostgreSQL keeps, so a quote returned is the quote stored.
func (c *Checkout) now() time.Time { return c.d.Now().UTC().Truncate(time.Microsecond) }

// fulfil tells the Fulfiller of a quote this process just paid. Its failure does not undo the
// payment: it is logged, and the RMA's own flow (process/oow) or staff pick it up.
func (c *Checkout) fulfil(ctx context.Context, q Quote, won bool) {
	if !won || c.d.Fulfiller == nil {
		return
	}
	if err := c.d.Fulfiller.QuotePaid(ctx, q); err != nil {
		c.d.Log.ErrorContext(ctx, "paid quote not fulfilled", "quote", q.ID, "rma", q.RMANumber, "err", err)
	}
}

// ownQuote is owner's quote id; anyone else's answers as an unknown one.
func (c *Checkout) ownQuote(ctx context.Context, owner, id string) (Quote, error) {
	q, err := c.d.Store.QuoteByID(ctx, strings.TrimSpace(id))
	if err != nil {
		return Quote{}, err
	}
	if owner == "" || q.Owner != owner {
		return Quote{}, ErrQuoteNotFound
	}
	return q, nil
}

// payable refuses to start or take a payment for a paid, cancelled or expired quote.
func (c *Checkout) payable(q Quote) error {
	_, err := q.Transition(StatusPaid, c.d.Now())
	return err
}

// newQuote builds an open quote of kind for owner, valid QuoteValidity from now, with saved's
// total set to amount and its serial filled in; a quote without an owner, a serial (parts and
// batch quotes have none) or a positive amount is a programming error.
func (c *Checkout) newQuote(kind QuoteKind, owner, org, serial, rmaNumber string, amount money.Money, saved SavedQuote) (Quote, error) {
	if owner == "" || (serial == "" && kind != KindParts && kind != KindBatch) {
		return Quote{}, errors.New("payments: a quote needs an owner and a serial")
	}
	if err := amount.Validate(); err != nil || amount.Cents <= 0 {
		return Quote{}, fmt.Errorf("payments: quote amount %v is not a positive amount of a currency", amount)
	}
	now := c.now()
	saved.Total = amount
	if saved.ExternalResource.Serial == "" && serial != "" {
		saved.ExternalResource.Serial = serial
	}
	return Quote{
		ID: NewQuoteID(), Kind: kind, Owner: owner, Org: org, RMANumber: rmaNumber, Serial: serial,
		Reference: NewReference(), Amount: amount, Status: StatusOpen, Saved: saved,
		ExpiresAt: now.Add(QuoteValidity), CreatedAt: now, UpdatedAt: now,
	}, nil
}

// describe is the line the provider shows the payer.
func describe(q Quote) string {
	switch q.Kind {
	case KindParts:
		return "Parts order " + q.OrderID
	case KindBatch:
		return "RMA batch " + q.BatchID
	}
	if q.RMANumber != "" {
		return "Repair of unit " + q.Serial + " (" + q.RMANumber + ")"
	}
	return "Repair of unit " + q.Serial
}
