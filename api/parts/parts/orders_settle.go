package parts

import (
	"context"
	"errors"
	"strings"
)

// Process finishes c's card order once PayPal sent the payer back: the payment is captured (if
// nobody has yet) and the order placed, with its confirmation e-mail. Repeats answer the placed
// order; a cancelled one ErrOrderCancelled; an unpaid one the payments module's refusal.
func (s *Orders) Process(ctx context.Context, c Customer, id, token string) (Order, error) {
	o, err := s.ownOrder(ctx, c.Subject, id)
	if err != nil {
		return Order{}, err
	}
	switch o.Status {
	case StatusCancelled:
		return Order{}, ErrOrderCancelled
	case StatusAwaitingPayment:
	default:
		return o, nil
	}
	if err := s.d.Payments.SettleOrder(ctx, o.Owner, o.ID, strings.TrimSpace(token)); err != nil {
		return Order{}, err
	}
	return s.placePaid(ctx, o.ID)
}

// QuotePaid places order id whose quote the payments side paid itself (a webhook): the
// composition root's Fulfiller calls it. A repeat, or an order the payer's return placed
// first, changes nothing.
func (s *Orders) QuotePaid(ctx context.Context, id string) error {
	_, err := s.placePaid(ctx, id)
	return err
}

// placePaid moves a paid order from awaiting payment to placed and queues its confirmation, in
// one transaction; of a return and a webhook racing, one places it and the other reads it.
func (s *Orders) placePaid(ctx context.Context, id string) (Order, error) {
	var o Order
	err := s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		err := s.d.Store.SetOrderStatus(ctx, id, StatusAwaitingPayment, StatusPlaced, s.now())
		if errors.Is(err, ErrOrderChanged) {
			o, err = s.d.Store.Order(ctx, id)
			return err
		}
		if err != nil {
			return err
		}
		if o, err = s.d.Store.Order(ctx, id); err != nil {
			return err
		}
		return s.confirm(ctx, o)
	})
	if err != nil {
		return Order{}, err
	}
	if o.Status == StatusCancelled {
		// Money came for an order given up meanwhile: staff refund it.
		s.d.Log.ErrorContext(ctx, "a cancelled parts order was paid; refund it", "order", id)
		return Order{}, ErrOrderCancelled
	}
	return o, nil
}
