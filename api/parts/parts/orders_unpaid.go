package parts

import (
	"context"
	"errors"
	"strings"

	"rugged.example/portal/api/pkg/visibility"
)

// A card order whose payer left PayPal without paying (the browser's Back button, a closed tab)
// still awaits its payment. The checkout the customer comes back to lists it (AwaitingPayment)
// and offers to pay it (ResumePayment) or cancel it (Cancel); one nobody comes back to is
// cancelled by the sweeper (AbandonedOrders).

// MaxAwaitingPayment is the most orders awaiting their payment the checkout lists.
const MaxAwaitingPayment = 20

// AwaitingPayment lists c's own orders of kind that await their payment, newest first (at most
// MaxAwaitingPayment). Only the owner pays or cancels an order, so an organization's other
// orders are not listed.
func (s *Orders) AwaitingPayment(ctx context.Context, c Customer, kind OrderKind) ([]Order, error) {
	switch kind {
	case KindParts, KindVideo:
	default:
		return nil, ErrUnknownKind
	}
	if c.Subject == "" {
		return []Order{}, nil
	}
	page, err := s.d.Store.OrdersPage(ctx, visibility.Viewer{Subject: c.Subject}, OrderPageQuery{
		Search: OrderSearch{Statuses: []OrderStatus{StatusAwaitingPayment}}, Sort: DefaultOrderSort, Size: MaxAwaitingPayment,
	})
	if err != nil {
		return nil, err
	}
	out := make([]Order, 0, len(page))
	for _, o := range page {
		if o.Owner == c.Subject && o.Kind == kind && len(out) < MaxAwaitingPayment {
			out = append(out, o)
		}
	}
	return out, nil
}

// ResumePayment starts paying c's order id again: its abandon clock restarts, and the answer
// carries the approve link of its PayPal order (the quote's one order, approved again), whose
// return places the order as after the first attempt. An order paid already answers without a
// link; a cancelled one ErrOrderCancelled; anyone else's ErrOrderNotFound.
func (s *Orders) ResumePayment(ctx context.Context, c Customer, id string) (Placed, error) {
	o, err := s.ownOrder(ctx, c.Subject, strings.TrimSpace(id))
	if err != nil {
		return Placed{}, err
	}
	if o.Status == StatusAwaitingPayment {
		// The order's last change is its abandon clock: moving it to the status it has restarts
		// it, and only while it still awaits its payment.
		err := s.d.Store.SetOrderStatus(ctx, o.ID, StatusAwaitingPayment, StatusAwaitingPayment, s.now())
		if errors.Is(err, ErrOrderChanged) {
			o, err = s.d.Store.Order(ctx, o.ID)
		}
		if err != nil {
			return Placed{}, err
		}
	}
	return s.answerFor(ctx, o)
}
