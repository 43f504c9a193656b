package depot

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/rma/rma"
)

// ActionShip is the audit's name of a unit shipped back.
const ActionShip Action = "ship"

var (
	// ErrNotShippable refuses to ship an RMA whose unit is not received and repaired (or that
	// was shipped already: a concurrent second ship).
	ErrNotShippable = fault.New(fault.KindConflict, "depot.notShippable",
		"This RMA cannot ship back: its unit is not received and repaired, or it was shipped already.")
	// ErrReturnLabel is a carrier that could not book the way back: nothing moved, staff may
	// try again.
	ErrReturnLabel = fault.New(fault.KindUnavailable, "depot.returnLabelFailed",
		"The return label could not be created. Nothing was shipped; please try again.")
)

// ReturnLabel is what the shipping domain issued for a unit's way back: the label (and the
// commercial invoice when it crosses a border), owned by the RMA's owner, and the tracking.
type ReturnLabel struct {
	LabelID        string
	InvoiceID      string
	TrackingNumber string
}

// ReturnLabels books the way back depot → the RMA's address and contact as stored on it (the
// shipping domain, adapted by the composition root). IssueReturn's rows join the transaction
// ctx carries; Discard removes the stored PDFs of a label whose transaction rolled back;
// OpenLabel streams the label of rec's way back (rec.ReturnTrackingNumber), ErrNoReturnLabel
// when there is none.
type ReturnLabels interface {
	IssueReturn(ctx context.Context, rec rma.RMA) (ReturnLabel, error)
	Discard(ctx context.Context, l ReturnLabel)
	OpenLabel(ctx context.Context, rec rma.RMA) (LabelPDF, error)
}

// Shipped is a unit on its way back.
type Shipped struct {
	RMA   rma.RMA
	Label ReturnLabel
}

// shippable refuses a unit that is not ready to go back: a repair ships once its work and QA are
// recorded, a unit returning unrepaired as it is.
func (s *Service) shippable(ctx context.Context, rec rma.RMA) error {
	switch rec.Status {
	case rma.StatusReturnUnrepaired:
		return nil
	case rma.StatusRepairing:
		_, repaired, err := s.Store.RepairOf(ctx, rec.Number)
		if err != nil || !repaired {
			return errOr(err, ErrNotShippable)
		}
		return nil
	}
	return ErrNotShippable
}

// Ship books the repaired (or returning unrepaired) unit's way back and moves its RMA to SHIPPED_BACK with the return
// tracking (the lifecycle e-mails it to the customer) and the audit row, in one transaction.
// The label is issued under the RMA's row lock, after its status is checked, so a concurrent
// second ship waits, finds SHIPPED_BACK and books nothing. A carrier that fails moves nothing
// (ErrReturnLabel, or the shipping domain's own fault for an address it refuses); unlike an
// RMA's creation there is no RMA to record the failure on for a retrier: staff are there to
// try again.
func (s *Service) Ship(ctx context.Context, who Staff, number string) (Shipped, error) {
	number = strings.ToUpper(strings.TrimSpace(number))
	if s.Labels == nil {
		// A process built without the shipping domain cannot book the way back.
		return Shipped{}, ErrReturnLabel
	}
	var out Shipped
	var issued bool
	err := s.Tx.InTx(ctx, func(ctx context.Context) error {
		rec, err := s.RMAs.LockRMA(ctx, number)
		if err != nil {
			return err
		}
		if err := s.shippable(ctx, rec); err != nil {
			return err
		}
		label, err := s.Labels.IssueReturn(ctx, rec)
		if err != nil {
			s.Log.ErrorContext(ctx, "return label failed", "rma", rec.Number, "err", err)
			if _, ok := fault.As(err); ok {
				return err
			}
			return fmt.Errorf("%w (%v)", ErrReturnLabel, err)
		}
		out.Label, issued = label, true
		out.RMA, err = s.Mover.Advance(ctx, rma.Advance{
			Number: rec.Number, Status: rma.StatusShippedBack, Actor: who.Subject, ReturnTracking: label.TrackingNumber,
		})
		if err != nil {
			if errors.Is(err, rma.ErrBadTransition) {
				return ErrNotShippable
			}
			return err
		}
		return s.Store.AddAudit(ctx, AuditEntry{
			At: s.Now().UTC(), Actor: who.Subject, ActorEmail: who.Email, Action: ActionShip, RMANumber: rec.Number,
			From: rec.Status, To: rma.StatusShippedBack, Detail: "Return tracking " + label.TrackingNumber,
		})
	})
	if err != nil {
		if issued {
			// The label's rows rolled back with the move; its PDFs must not outlive them.
			s.Labels.Discard(ctx, out.Label)
		}
		return Shipped{}, err
	}
	return out, nil
}
