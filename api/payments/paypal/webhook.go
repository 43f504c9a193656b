package paypal

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"

	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/pkg/money"
)

// Webhook event types the portal subscribes to.
const (
	EventCaptureCompleted = "PAYMENT.CAPTURE.COMPLETED"
	EventCaptureDenied    = "PAYMENT.CAPTURE.DENIED"
	EventCaptureRefunded  = "PAYMENT.CAPTURE.REFUNDED"
)

// The transmission headers PayPal signs a webhook delivery with.
var transmissionHeaders = []string{
	"PAYPAL-TRANSMISSION-ID", "PAYPAL-TRANSMISSION-TIME", "PAYPAL-TRANSMISSION-SIG",
	"PAYPAL-CERT-URL", "PAYPAL-AUTH-ALGO",
}

// Event is a verified webhook event about a capture or a refund.
type Event struct {
	ID   string
	Type string
	// ResourceID is the capture's id (the refund's for PAYMENT.CAPTURE.REFUNDED).
	ResourceID string
	Status     string
	Amount     money.Money
	InvoiceID  string
	// OrderID is the order the capture belongs to, when PayPal names it.
	OrderID string
}

// amountJSON is Payments v2's amount: a currency and a decimal string.
type amountJSON struct {
	Currency string `json:"currency_code"`
	Value    string `json:"value"`
}

// event is the part of PayPal's webhook body the portal reads.
type event struct {
	ID           string `json:"id"`
	EventType    string `json:"event_type"`
	ResourceType string `json:"resource_type"`
	Resource     struct {
		ID                string      `json:"id"`
		Status            string      `json:"status"`
		Amount            *amountJSON `json:"amount"`
		InvoiceID         string      `json:"invoice_id"`
		SupplementaryData struct {
			RelatedIDs struct {
				OrderID string `json:"order_id"`
			} `json:"related_ids"`
		} `json:"supplementary_data"`
	} `json:"resource"`
}

// VerifyWebhook asks PayPal whether a delivery to the portal's webhook is genuine (Verify) and
// then claims its event id in events. A delivery PayPal does not vouch for answers
// ErrWebhookUnverified; an event already claimed answers the event with ErrDuplicateEvent, and the
// caller changes nothing.
func (c *Client) VerifyWebhook(ctx context.Context, header http.Header, body []byte, events payments.EventLog) (Event, error) {
	out, err := c.Verify(ctx, header, body)
	if err != nil {
		return Event{}, err
	}
	first, err := events.Claim(ctx, Provider, out.ID)
	if err != nil {
		return Event{}, fmt.Errorf("paypal: claim event %s: %w", out.ID, err)
	}
	if !first {
		return out, payments.ErrDuplicateEvent
	}
	return out, nil
}

// Verify asks PayPal whether a delivery to the portal's webhook is genuine (POST
// /v1/notifications/verify-webhook-signature with the transmission headers and the raw body, byte
// for byte as received) and returns its event, without claiming it: for a caller that claims the
// event in the transaction of the change it causes. A delivery PayPal does not vouch for answers
// ErrWebhookUnverified.
func (c *Client) Verify(ctx context.Context, header http.Header, body []byte) (Event, error) {
	if c.webhookID == "" {
		return Event{}, fmt.Errorf("%w: PAYPAL_WEBHOOK_ID is not configured", payments.ErrWebhookUnverified)
	}
	for _, h := range transmissionHeaders {
		if header.Get(h) == "" {
			return Event{}, fmt.Errorf("%w: header %s is missing", payments.ErrWebhookUnverified, h)
		}
	}
	var ev event
	if err := json.Unmarshal(body, &ev); err != nil || ev.ID == "" {
		return Event{}, fmt.Errorf("%w: body is not a PayPal event", payments.ErrWebhookUnverified)
	}
	status, err := c.verifySignature(ctx, header, body)
	if err != nil {
		return Event{}, mapError("verify webhook", err)
	}
	if status != "SUCCESS" {
		return Event{}, fmt.Errorf("%w: paypal answered %q for event %s", payments.ErrWebhookUnverified, status, ev.ID)
	}
	return toEvent(ev), nil
}

// verifySignature posts the verification request with the delivery's body spliced in byte for
// byte. PayPal checks its signature over a CRC32 of exactly those bytes; the SDK's
// VerifyWebhookSignature re-encodes the body (compacted, with <, > and & escaped), which fails
// for any delivery that was not already in that form.
func (c *Client) verifySignature(ctx context.Context, header http.Header, body []byte) (string, error) {
	fields, err := json.Marshal(struct {
		AuthAlgo         string `json:"auth_algo"`
		CertURL          string `json:"cert_url"`
		TransmissionID   string `json:"transmission_id"`
		TransmissionSig  string `json:"transmission_sig"`
		TransmissionTime string `json:"transmission_time"`
		WebhookID        string `json:"webhook_id"`
	}{
		header.Get("PAYPAL-AUTH-ALGO"), header.Get("PAYPAL-CERT-URL"), header.Get("PAYPAL-TRANSMISSION-ID"),
		header.Get("PAYPAL-TRANSMISSION-SIG"), header.Get("PAYPAL-TRANSMISSION-TIME"), c.webhookID,
	})
	if err != nil {
		return "", err
	}
	var raw bytes.Buffer
	raw.Write(fields[:len(fields)-1])
	raw.WriteString(`,"webhook_event":`)
	raw.Write(body)
	raw.WriteString("}")
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.api.APIBase+"/v1/notifications/verify-webhook-signature", &raw)
	if err != nil {
		return "", err
	}
	var res struct {
		VerificationStatus string `json:"verification_status"`
	}
	if err := c.api.SendWithAuth(req, &res); err != nil {
		return "", err
	}
	return res.VerificationStatus, nil
}

func toEvent(ev event) Event {
	out := Event{
		ID: ev.ID, Type: ev.EventType, ResourceID: ev.Resource.ID, Status: ev.Resource.Status,
		InvoiceID: ev.Resource.InvoiceID, OrderID: ev.Resource.SupplementaryData.RelatedIDs.OrderID,
	}
	if a := ev.Resource.Amount; a != nil {
		out.Amount = toMoney(a.Currency, a.Value)
	}
	return out
}
