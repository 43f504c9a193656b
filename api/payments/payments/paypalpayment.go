package payments

import (
	"context"
	"errors"
)

// StartPayPal creates the PayPal order for q, or gets the one it has back (the order's
// idempotency key is derived from the quote), and returns its approve link. It runs outside any
// transaction, since it calls PayPal, and stores the order id itself.
func (c *Checkout) StartPayPal(ctx context.Context, q Quote, returnURL, cancelURL string) (string, error) {
	q, err := c.d.Store.QuoteByID(ctx, q.ID)
	if err != nil {
		return "", err
	}
	if err := c.payable(q); err != nil {
		return "", err
	}
	order, err := c.d.PayPal.CreateOrder(ctx, OrderRequest{
		QuoteID: q.ID, Amount: q.Amount, Description: describe(q),
		ReturnURL: returnURL, CancelURL: cancelURL, RequestID: "order-" + q.ID,
	})
	if err != nil {
		return "", err
	}
	if q.Method != MethodPayPal || q.ProviderRef != order.ID {
		if err := c.d.Store.SetProviderRef(ctx, q.ID, MethodPayPal, order.ID, c.now()); err != nil {
			return "", err
		}
	}
	c.d.Log.InfoContext(ctx, "paypal order started", "quote", q.ID, "order", order.ID)
	return order.PaymentURL, nil
}

// settle is SettleRMA's and SettleOrder's: q as it is when paid, else its approved PayPal order
// captured and q marked paid.
func (c *Checkout) settle(ctx context.Context, q Quote, token string) (Quote, error) {
	if q.Status == StatusPaid {
		return q, nil
	}
	if err := c.payable(q); err != nil {
		return Quote{}, err
	}
	if token != "" && token != q.ProviderRef {
		return Quote{}, ErrNotFound
	}
	s, err := c.capturePayPal(ctx, q)
	if err != nil {
		return Quote{}, err
	}
	return s.answer(c.d.Now())
}

// capturePayPal captures q's PayPal order and marks q paid. A capture that lost the race to
// another payment, a cancellation or the expiry (the quote changed between its check and the
// write) is given back at once.
func (c *Checkout) capturePayPal(ctx context.Context, q Quote) (settlement, error) {
	if err := c.payable(q); err != nil {
		return settlement{}, err
	}
	if q.Method != MethodPayPal || q.ProviderRef == "" {
		return settlement{}, ErrNotApproved
	}
	captureID, err := c.d.PayPal.Capture(ctx, q.ProviderRef, q.ID, q.Amount)
	if err != nil {
		if errors.Is(err, ErrAmountMismatch) {
			c.d.Log.ErrorContext(ctx, "paypal captured another amount than the quote's; refund it", "quote", q.ID, "order", q.ProviderRef, "err", err)
		}
		return settlement{}, err
	}
	s, err := c.markPaid(ctx, q, Payment{
		Method: MethodPayPal, ProviderRef: q.ProviderRef, CaptureID: captureID, PaidAt: c.now(), Amount: q.Amount,
	})
	if err != nil {
		return settlement{}, err
	}
	c.refundNow(ctx, s.refund)
	return s, nil
}
