package paypal

import (
	"context"
	"errors"
	"net/http"

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

func (g gateway) VerifyWebhook(ctx context.Context, header http.Header, body []byte) (payments.WebhookEvent, error) {
	ev, err := g.c.Verify(ctx, header, body)
	if err != nil {
		return payments.WebhookEvent{}, err
	}
	return toWebhookEvent(ev), nil
}

// toWebhookEvent says what a PayPal event means for a quote. A refund's resource is the refund,
// not the capture: its id is no capture id.
func toWebhookEvent(ev Event) payments.WebhookEvent {
	out := payments.WebhookEvent{
		Provider: Provider, ID: ev.ID, Type: ev.Type, Kind: payments.EventOther,
		QuoteID: ev.InvoiceID, Ref: ev.OrderID, Amount: ev.Amount,
	}
	switch ev.Type {
	case EventCaptureCompleted:
		if ev.Status == StatusCompleted {
			out.Kind, out.CaptureID = payments.EventCompleted, ev.ResourceID
		}
	case EventCaptureDenied:
		out.Kind, out.CaptureID = payments.EventDenied, ev.ResourceID
	case EventCaptureRefunded:
		out.Kind = payments.EventRefunded
	}
	return out
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
