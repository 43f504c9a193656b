package paypal

import (
	"context"
	"net/http"

	"rugged.example/portal/api/payments/payments"
)

// WebhookVerifier is the client as the payments API's verifier of deliveries to the PayPal
// webhook: it asks PayPal whether a delivery is genuine and says what its event means for a
// quote, without claiming it (the checkout does that in the transaction of the change the event
// causes).
type WebhookVerifier struct{ c *Client }

// NewWebhookVerifier verifies deliveries with c.
func NewWebhookVerifier(c *Client) WebhookVerifier { return WebhookVerifier{c} }

// VerifyWebhook checks a delivery's transmission headers and raw body with PayPal
// (ErrWebhookUnverified for one PayPal does not vouch for) and returns its event.
func (w WebhookVerifier) VerifyWebhook(ctx context.Context, header http.Header, body []byte) (payments.WebhookEvent, error) {
	ev, err := w.c.Verify(ctx, header, body)
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
