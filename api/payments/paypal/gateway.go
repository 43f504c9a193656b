package paypal

import (
	"context"
	"errors"

	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/pkg/money"
)

// gateway is the client as the checkout's PayPal port (payments.PayPal).
type gateway struct{ c *Client }

// NewGateway adapts c to payments.PayPal.
func NewGateway(c *Client) payments.PayPal { return gateway{c} }

func (g gateway) CreateOrder(ctx context.Context, r payments.OrderRequest) (payments.ProviderOrder, error) {
	o, err := g.c.CreateOrder(ctx, OrderRequest{
		QuoteID: r.QuoteID, Amount: r.Amount, Description: r.Description,
		ReturnURL: r.ReturnURL, CancelURL: r.CancelURL, RequestID: r.RequestID,
	})
	if err != nil {
		return payments.ProviderOrder{}, err
	}
	return payments.ProviderOrder{ID: o.ID, PaymentURL: o.PaymentURL}, nil
}

func (g gateway) Capture(ctx context.Context, orderID, quoteID string, want money.Money) (string, error) {
	cp, err := g.c.Capture(ctx, orderID, quoteID, want)
	if err != nil {
		return "", err
	}
	return cp.ID, nil
}

// refundNote tells the payer, on PayPal's side, why the money came back.
const refundNote = "This payment arrived after the quote was already paid, cancelled or expired, so it is refunded."

// Refund gives the capture back in full; one PayPal already refunded in full is given back.
func (g gateway) Refund(ctx context.Context, captureID, quoteID string) (payments.Reversed, error) {
	r, err := g.c.RefundCapture(ctx, captureID, quoteID, refundNote)
	if errors.Is(err, ErrCaptureRefunded) {
		return payments.Reversed{Reversal: payments.ReversalRefund}, nil
	}
	if err != nil {
		return payments.Reversed{}, err
	}
	return payments.Reversed{Reversal: payments.ReversalRefund, Ref: r.ID, Amount: r.Amount}, nil
}
