package parts

import (
	"context"
	"errors"
	"maps"
	"slices"

	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/idempotency"
	"rugged.example/portal/api/rma/rma"
)

// FieldKind is the order payload's kind; the paymentData fields and the PO rules are the
// payments capability's (payments.PORules), shared with the repair service.
const FieldKind = "kind"

// PlaceRequest is one checkout: the lines as the cart holds them, who to ship to and how to pay.
type PlaceRequest struct {
	Kind             OrderKind
	Lines            []LineRequest
	Contact          rma.Contact
	Address          rma.Address
	Method           PaymentMethod
	CustomerPO       string
	CustomerPOFileID string
	// IdempotencyKey makes a retried checkout return the order the first one placed.
	IdempotencyKey idempotency.Key
}

// Placed is a placed order and, for a card order, the PayPal page that pays it.
type Placed struct {
	Order      Order
	PaymentURL string
}

// Place places c's order: every line priced by the catalogue (the browser never sends an
// amount), checked with the pricing's rules and, for video parts, against the video units c
// holds; then the order, its quote and, for a purchase order, the payment, the PO file's claim
// and the confirmation e-mail, in one transaction. A card order answers PayPal's approve link.
// A checkout whose idempotency key placed an order, before or meanwhile, answers that order.
func (s *Orders) Place(ctx context.Context, c Customer, r PlaceRequest) (Placed, error) {
	if !c.MayOrder {
		return Placed{}, ErrCannotOrder
	}
	if r.Kind == KindVideo && !c.MayReadVideoSerials {
		return Placed{}, ErrCannotReadVideoSerials
	}
	if r.Method == MethodPO && !c.MayPayByPO {
		return Placed{}, payments.ErrPONotAllowed
	}
	if !r.IdempotencyKey.IsZero() {
		if prior, ok, err := s.d.Store.OrderForKey(ctx, c.Subject, r.IdempotencyKey.String()); ok || err != nil {
			if err != nil {
				return Placed{}, err
			}
			return s.answerFor(ctx, prior)
		}
	}
	o, err := s.prepare(ctx, c, &r)
	if err != nil {
		return Placed{}, err
	}
	err = s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		var err error
		if o.ID, err = s.d.Store.NextBatchID(ctx); err != nil {
			return err
		}
		if o.QuoteID, err = s.d.Payments.QuoteForOrder(ctx, OrderQuote{
			Owner: o.Owner, Org: o.Org, OrderID: o.ID, Amount: o.Total, Contact: o.Contact, Address: o.Address,
		}); err != nil {
			return err
		}
		if err := s.d.Store.CreateOrder(ctx, o, r.IdempotencyKey.String()); err != nil {
			return err
		}
		if o.PaymentMethod != MethodPO {
			return nil
		}
		if err := s.d.Payments.AcceptPurchaseOrder(ctx, o.Owner, o.ID, o.CustomerPO); err != nil {
			return err
		}
		if err := prefixed(s.d.PurchaseOrders.ClaimPurchaseOrder(ctx, o.Owner, r.CustomerPOFileID, o.ID), payments.FieldPOFile); err != nil {
			return err
		}
		return s.confirm(ctx, o)
	})
	if errors.Is(err, ErrDuplicateOrder) {
		// A concurrent checkout with the same key placed it: its order is the answer.
		prior, ok, perr := s.d.Store.OrderForKey(ctx, c.Subject, r.IdempotencyKey.String())
		if perr != nil || !ok {
			return Placed{}, errors.Join(err, perr)
		}
		return s.answerFor(ctx, prior)
	}
	if err != nil {
		return Placed{}, err
	}
	s.d.Log.InfoContext(ctx, "parts order placed", "order", o.ID, "kind", string(o.Kind), "method", string(o.PaymentMethod), "total", o.Total.String())
	if o.PaymentMethod == MethodPO {
		return Placed{Order: o}, nil
	}
	link, err := s.d.Payments.StartPayPal(ctx, o.Owner, o.ID, s.returnURL(o), s.cancelURL(o))
	if err != nil {
		// Without a way to pay the order would wait for ever: cancel it, even when the customer
		// has gone meanwhile.
		s.d.Log.WarnContext(ctx, "paypal order not created; the parts order is cancelled", "order", o.ID, "err", err)
		if _, cerr := s.Cancel(context.WithoutCancel(ctx), c, o.ID); cerr != nil {
			s.d.Log.ErrorContext(ctx, "parts order without payment not cancelled", "order", o.ID, "err", cerr)
		}
		return Placed{}, err
	}
	return Placed{Order: o, PaymentURL: link}, nil
}

// answerFor answers a retried checkout with the order the first one placed and, while it awaits
// its payment, the approve link of its PayPal order (the same order again).
func (s *Orders) answerFor(ctx context.Context, o Order) (Placed, error) {
	if o.Status == StatusCancelled {
		return Placed{}, ErrOrderCancelled
	}
	if o.Status != StatusAwaitingPayment {
		return Placed{Order: o}, nil
	}
	link, err := s.d.Payments.StartPayPal(ctx, o.Owner, o.ID, s.returnURL(o), s.cancelURL(o))
	if err != nil {
		return Placed{}, err
	}
	return Placed{Order: o, PaymentURL: link}, nil
}

// prefixed moves a capability's validation fault under one payload field.
func prefixed(err error, field string) error {
	f, ok := fault.As(err)
	if !ok || f.Kind != fault.KindInvalid || len(f.Fields) == 0 {
		return err
	}
	return fault.Validation(map[string]string{field: slices.Sorted(maps.Values(f.Fields))[0]})
}
