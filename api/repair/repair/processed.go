package repair

import (
	"context"

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
