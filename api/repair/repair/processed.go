package repair

import (
	"context"
	"strings"

	"rugged.example/portal/api/rma/rma"
)

// Processed is a paid RMA released with its label, and what its label page shows besides: the
// unit as the registry has it and the receipt of its payment. The page shows the RMA as the
// server stored it, since the browser's own copy of the flow does not survive every way back
// from the provider (another tab, a payment resumed from Your RMAs).
type Processed struct {
	RMA  rma.RMA
	Unit rma.Unit
	// Receipt is the payment of the RMA's quote; nil when it cannot be read (the RMA is paid
	// either way, and the receipt e-mail has it).
	Receipt *Payment
}

// processed reads the unit and the receipt of rec, a released RMA. Neither read may fail the
// answer: the payment is taken and the label issued, so a failure is logged, the unit falls
// back to what the RMA keeps of it and the receipt is left out.
func (s *Service) processed(ctx context.Context, rec rma.RMA) Processed {
	p := Processed{RMA: rec, Unit: rma.Unit{Serial: rec.Serial, Model: rec.Model, PartNumber: rec.PartNumber}}
	if unit, err := s.d.RMAs.Unit(ctx, rec.Serial); err == nil {
		p.Unit = unit
	} else {
		s.d.Log.WarnContext(ctx, "unit of a processed RMA not read", "rma", rec.Number, "err", err)
	}
	if q, err := s.d.Payments.QuoteOfRMA(ctx, rec.Owner, rec.Number); err == nil {
		p.Receipt = q.Payment
	} else {
		s.d.Log.WarnContext(ctx, "receipt of a processed RMA not read", "rma", rec.Number, "err", err)
	}
	return p
}

// ProcessOutOfWarranty finishes the owner's RMA once it is paid: the payment is settled
// (captured, if the payer approved it and nobody has yet) and the RMA released with its label,
// answered with what the label page shows (Processed). Repeats answer the same RMA. Another
// owner's RMA, an unknown one or one of another serial answers rma.ErrRMANotFound; a cancelled
// one rma.ErrRMACancelled; an unpaid one the payments module's refusal (not approved, declined).
func (s *Service) ProcessOutOfWarranty(ctx context.Context, owner, number string, serial rma.Serial, token string) (Processed, error) {
	rec, err := s.d.RMAs.RMA(ctx, owner, strings.TrimSpace(number))
	if err != nil {
		return Processed{}, err
	}
	if rec.Serial != serial.String() {
		return Processed{}, rma.ErrRMANotFound
	}
	switch rec.Status {
	case rma.StatusCancelled:
		return Processed{}, rma.ErrRMACancelled
	case rma.StatusAwaitingPayment:
	default:
		return s.processed(ctx, rec), nil
	}
	if _, err := s.d.Payments.SettleRMA(ctx, owner, rec.Number, strings.TrimSpace(token)); err != nil {
		return Processed{}, err
	}
	if rec, err = s.d.RMAs.Release(ctx, owner, rec.Number); err != nil {
		return Processed{}, err
	}
	return s.processed(ctx, rec), nil
}
