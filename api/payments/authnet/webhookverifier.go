package authnet

import "rugged.example/portal/api/payments/payments"

// WebhookVerifier is the client as the payments API's verifier of deliveries to the
// Authorize.net webhook: it checks a delivery's signature and says what its notification means
// for a quote, without claiming it (the checkout does that in the transaction of the change the
// event causes).
type WebhookVerifier struct{ c *Client }

// NewWebhookVerifier verifies deliveries with c's signature key.
func NewWebhookVerifier(c *Client) WebhookVerifier { return WebhookVerifier{c} }

// VerifyWebhook checks the X-ANET-Signature of a delivery on its raw body
// (ErrWebhookUnverified for one the key did not sign) and returns its event.
func (w WebhookVerifier) VerifyWebhook(signature string, body []byte) (payments.WebhookEvent, error) {
	n, err := w.c.VerifyWebhook(signature, body)
	if err != nil {
		return payments.WebhookEvent{}, err
	}
	return toWebhookEvent(n), nil
}

// Response codes of a payment notification's payload.
const (
	responseApproved = 1
	responseDeclined = 2
)

// toWebhookEvent says what a notification means for a quote: an approved auth-and-capture (or a
// held one the fraud filters approved) is money taken, to be confirmed with the gateway; a
// declined one or a fraud decline a denial; a refund or a void money given back.
func toWebhookEvent(n Notification) payments.WebhookEvent {
	out := payments.WebhookEvent{
		Provider: Provider, ID: n.NotificationID, Type: n.EventType, Kind: payments.EventOther,
		QuoteID: n.Payload.InvoiceNumber, Ref: n.Payload.ID, Amount: n.Payload.AuthAmount,
	}
	switch n.EventType {
	case EventAuthCaptureCreated:
		switch n.Payload.ResponseCode {
		case responseApproved:
			out.Kind = payments.EventCompleted
		case responseDeclined:
			out.Kind = payments.EventDenied
		}
	case EventFraudApproved:
		out.Kind = payments.EventCompleted
	case EventFraudDeclined:
		out.Kind = payments.EventDenied
	case EventRefundCreated, EventVoidCreated:
		out.Kind = payments.EventRefunded
	}
	return out
}
