package payments

import (
	"context"
	"errors"
	"fmt"
)

// eventMoney says, per provider, what a verified completed-payment event means for the quote it
// names.
type eventMoney struct {
	// confirm turns the event into the payment of its open quote; a refusal (another amount, a
	// transaction that is not captured) leaves the quote as it is.
	confirm func(context.Context, Quote) (Payment, error)
	// taken is the money the event took for a quote that is no longer open (paid, cancelled,
	// expired), to be given back unless it is the quote's own payment; nil when it took none.
	taken func(context.Context, Quote) (*Payment, error)
}

// HandleWebhookEvent applies one provider webhook event the caller has verified (paymentsapi
// checks the delivery's signature on its raw body before it gets here). A replay is
// ErrDuplicateEvent (answer 2xx) and changes nothing.
func (c *Checkout) HandleWebhookEvent(ctx context.Context, ev WebhookEvent) error {
	switch ev.Provider {
	case ProviderPayPal:
		return c.handleEvent(ctx, ev, c.payPalEventMoney(ev))
	case ProviderAuthNet:
		return c.handleEvent(ctx, ev, c.authNetEventMoney(ev))
	}
	return fmt.Errorf("payments: webhook event %s of unknown provider %q", ev.ID, ev.Provider)
}

// payPalEventMoney is what a PayPal event means: PayPal vouched for the delivery, so its capture
// is completed money, which pays the quote only in the quote's amount.
func (c *Checkout) payPalEventMoney(ev WebhookEvent) eventMoney {
	payment := func(q Quote) Payment {
		ref := ev.Ref
		if ref == "" {
			ref = q.ProviderRef
		}
		return Payment{Method: MethodPayPal, ProviderRef: ref, CaptureID: ev.CaptureID, PaidAt: c.now(), Amount: ev.Amount}
	}
	return eventMoney{
		confirm: func(_ context.Context, q Quote) (Payment, error) {
			if ev.Amount != q.Amount {
				return Payment{}, fmt.Errorf("%w: paypal captured %v, quote %s is %v", ErrAmountMismatch, ev.Amount, q.ID, q.Amount)
			}
			return payment(q), nil
		},
		taken: func(_ context.Context, q Quote) (*Payment, error) {
			p := payment(q)
			return &p, nil
		},
	}
}

// authNetEventMoney is what an Authorize.net event means: an approved payment is confirmed with
// the gateway before the quote is marked paid, or before it is voided: the notification is news,
// the transaction's details are the truth.
func (c *Checkout) authNetEventMoney(ev WebhookEvent) eventMoney {
	return eventMoney{
		confirm: func(ctx context.Context, q Quote) (Payment, error) {
			if err := c.d.AuthNet.ConfirmPayment(ctx, ev.Ref, q.ID, q.Amount); err != nil {
				return Payment{}, err
			}
			return Payment{Method: MethodAuthNet, ProviderRef: ev.Ref, PaidAt: c.now(), Amount: q.Amount}, nil
		},
		taken: func(ctx context.Context, q Quote) (*Payment, error) {
			got, err := c.d.AuthNet.CapturedPayment(ctx, ev.Ref, q.ID)
			switch {
			case errors.Is(err, ErrProviderUnavailable):
				return nil, err
			case err != nil:
				c.d.Log.InfoContext(ctx, "payment event took no money", "quote", q.ID, "ref", ev.Ref, "err", err)
				return nil, nil
			}
			return &Payment{Method: MethodAuthNet, ProviderRef: got.Ref, PaidAt: c.now(), Amount: got.Amount}, nil
		},
	}
}

// handleEvent claims a verified event and applies it in one transaction, so a failed change
// leaves the event unclaimed for the provider's retry and a replay finds it claimed. A completed
// payment pays its open quote; one for a quote that is paid by another payment, cancelled or
// expired is recorded as a refund with the claim and given back after the commit. A provider
// that cannot be asked now fails the delivery, to be retried.
func (c *Checkout) handleEvent(ctx context.Context, ev WebhookEvent, money eventMoney) error {
	log := c.d.Log.With("provider", ev.Provider, "event", ev.ID, "type", ev.Type, "quote", ev.QuoteID)
	var (
		q       Quote
		payment *Payment // pays q, which is open
		late    *Payment // money for q, which is not open any more
	)
	if ev.Kind == EventCompleted && ev.QuoteID != "" {
		found, err := c.d.Store.QuoteByID(ctx, ev.QuoteID)
		switch {
		case errors.Is(err, ErrQuoteNotFound):
			log.WarnContext(ctx, "payment event for an unknown quote")
		case err != nil:
			return err
		case found.StatusAt(c.d.Now()) == StatusOpen:
			p, err := money.confirm(ctx, found)
			if errors.Is(err, ErrProviderUnavailable) {
				return err
			}
			if err != nil {
				log.ErrorContext(ctx, "payment event not accepted for the quote", "err", err)
			} else {
				q, payment = found, &p
			}
		default:
			if late, err = money.taken(ctx, found); err != nil {
				return err
			}
			q = found
		}
	}
	var (
		s      settlement
		refund *Refund
	)
	err := c.d.Tx.InTx(ctx, func(ctx context.Context) error {
		first, err := c.d.Store.ClaimEvent(ctx, ev, c.now())
		if err != nil {
			return err
		}
		if !first {
			return ErrDuplicateEvent
		}
		switch {
		case late != nil:
			refund, err = c.recordSurplus(ctx, q, *late)
		case payment != nil:
			s, err = c.markPaid(ctx, q, *payment)
		}
		return err
	})
	if err != nil {
		return err
	}
	switch ev.Kind {
	case EventCompleted:
		log.InfoContext(ctx, "payment event handled", "paidNow", s.won)
	case EventDenied:
		log.WarnContext(ctx, "payment denied; the quote stays open")
	case EventRefunded:
		log.WarnContext(ctx, "payment refunded or voided; the quote's status is unchanged")
	default:
		log.InfoContext(ctx, "provider event noted")
	}
	c.fulfil(ctx, s.quote, s.won)
	c.refundNow(ctx, refund, s.refund)
	return nil
}
