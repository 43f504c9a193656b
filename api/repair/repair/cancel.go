package repair

import (
	"context"
	"errors"
	"strings"

	"rugged.example/portal/api/rma/rma"
)

// Cancel cancels the owner's RMA that awaits its payment together with its quote, in one
// transaction. Once paid it answers rma.ErrNotCancellable; a cancelled RMA is answered as it is.
func (s *Service) Cancel(ctx context.Context, owner, number string) (rma.RMA, error) {
	var rec rma.RMA
	err := s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		var err error
		if rec, err = s.d.RMAs.Cancel(ctx, owner, strings.TrimSpace(number)); err != nil {
			return err
		}
		err = s.d.Payments.CancelForRMA(ctx, owner, rec.Number)
		if errors.Is(err, ErrQuotePaid) {
			// Paid while the RMA still waited: the payment's processing releases it.
			return rma.ErrNotCancellable
		}
		return err
	})
	if err != nil {
		return rma.RMA{}, err
	}
	s.d.RMAs.Cancelled(ctx, rec)
	return rec, nil
}
