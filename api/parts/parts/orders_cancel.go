package parts

import (
	"context"
	"errors"
)

// Cancel cancels c's order that awaits its payment, with its quote, in one transaction. A
// cancelled order is answered as it is; a paid one is ErrNotCancellable.
func (s *Orders) Cancel(ctx context.Context, c Customer, id string) (Order, error) {
	o, err := s.ownOrder(ctx, c.Subject, id)
	if err != nil {
		return Order{}, err
	}
	switch o.Status {
	case StatusCancelled:
		return o, nil
	case StatusAwaitingPayment:
	default:
		return Order{}, ErrNotCancellable
	}
	err = s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		if err := s.d.Store.SetOrderStatus(ctx, o.ID, StatusAwaitingPayment, StatusCancelled, s.now()); err != nil {
			if errors.Is(err, ErrOrderChanged) {
				return ErrNotCancellable
			}
			return err
		}
		err := s.d.Payments.CancelForOrder(ctx, o.Owner, o.ID)
		if errors.Is(err, ErrOrderPaid) {
			// Paid while the order still waited: its processing places it.
			return ErrNotCancellable
		}
		return err
	})
	if err != nil {
		return Order{}, err
	}
	s.d.Log.InfoContext(ctx, "parts order cancelled", "order", o.ID)
	return s.d.Store.Order(ctx, o.ID)
}
