package repair

import (
	"context"
	"errors"
	"time"

	"rugged.example/portal/api/pkg/sweep"
	"rugged.example/portal/api/rma/rma"
)

// DefaultAbandonAfter is how long an RMA may await its payment after its customer last started
// paying it before the sweeper cancels it (PAYMENT_ABANDON_AFTER).
const DefaultAbandonAfter = 24 * time.Hour

// abandonBatch is how many abandoned RMAs one pass of the sweeper reads at a time.
const abandonBatch = 50

// errPaidMeanwhile rolls back the cancellation of an RMA whose quote turns out to be paid.
var errPaidMeanwhile = errors.New("repair: the abandoned RMA's quote is paid")

// CancelAbandoned cancels, as the system, every RMA awaiting its payment whose customer last
// started paying it more than after ago: each in one transaction with its quote, the unit freed
// for a new RMA, the event on its timeline and the customer's e-mail. An RMA whose quote turns
// out to be paid (a webhook's payment or a purchase order whose processing never came) is
// released instead, as its payment asks. Every process may run it at once: the conditional
// update lets one of them cancel each RMA, and an RMA its customer came back to meanwhile is
// kept. It answers how many RMAs it cancelled.
func (s *Service) CancelAbandoned(ctx context.Context, after time.Duration) (int, error) {
	if after <= 0 {
		after = DefaultAbandonAfter
	}
	cutoff := s.d.Now().Add(-after)
	return sweep.Pass(ctx, abandonBatch,
		func(ctx context.Context, limit int) ([]rma.RMA, error) { return s.d.RMAs.Unpaid(ctx, cutoff, limit) },
		func(ctx context.Context, rec rma.RMA) (bool, error) {
			return s.cancelAbandoned(ctx, rec, cutoff, after)
		})
}

// cancelAbandoned cancels rec with its quote, or releases it when its quote is paid; it answers
// whether it cancelled it. An RMA no longer due (another process took it, its customer came
// back) is left as it is.
func (s *Service) cancelAbandoned(ctx context.Context, rec rma.RMA, cutoff time.Time, after time.Duration) (bool, error) {
	var won bool
	err := s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		var err error
		if won, err = s.d.RMAs.CancelUnpaid(ctx, rec, cutoff, after); err != nil || !won {
			return err
		}
		err = s.d.Payments.CancelForRMA(ctx, rec.Owner, rec.Number)
		if errors.Is(err, ErrQuotePaid) {
			return errPaidMeanwhile
		}
		return err
	})
	switch {
	case errors.Is(err, errPaidMeanwhile):
		if _, err := s.d.RMAs.Release(ctx, rec.Owner, rec.Number); err != nil {
			return false, err
		}
		s.d.Log.WarnContext(ctx, "an unpaid RMA's quote was paid; the RMA is released", "rma", rec.Number)
		return false, nil
	case err != nil:
		return false, err
	case !won:
		return false, nil
	}
	s.d.RMAs.Cancelled(ctx, rec)
	s.d.Log.InfoContext(ctx, "abandoned RMA cancelled", "rma", rec.Number, "serial", rec.Serial, "waited", after.String())
	return true, nil
}
