package authnet

import (
	"crypto/hmac"
	"crypto/sha512"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"

	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/pkg/money"
)

// SignatureHeader carries a webhook's signature: sha512=<hex HMAC-SHA512 of the body>.
const SignatureHeader = "X-ANET-Signature"

// Webhook event types of an auth-and-capture payment's life: created (approved or declined,
// see the payload's response code), held and then approved or declined by the fraud filters,
// refunded or voided.
const (
	EventAuthCaptureCreated = "net.authorize.payment.authcapture.created"
	EventFraudHeld          = "net.authorize.payment.fraud.held"
	EventFraudApproved      = "net.authorize.payment.fraud.approved"
	EventFraudDeclined      = "net.authorize.payment.fraud.declined"
	EventRefundCreated      = "net.authorize.payment.refund.created"
	EventVoidCreated        = "net.authorize.payment.void.created"
)

// Notification is a verified webhook. NotificationID is unique per notification and is the key
// to deduplicate on: Authorize.net retries a notification it thinks failed, with the same id.
type Notification struct {
	NotificationID string
	EventType      string
	EventDate      string // as sent, e.g. 2026-11-23T10:48:02.0080095Z
	WebhookID      string
	Payload        NotificationPayload
}

// NotificationPayload is the transaction part of a payment event. It says what happened at the
// time of the event; ConfirmPayment says what is true now and is what a payment rests on.
type NotificationPayload struct {
	EntityName          string // "transaction" for payment events
	ID                  string // the transaction id
	ResponseCode        int
	AuthCode            string
	AVSResponse         string
	AuthAmount          money.Money
	InvoiceNumber       string
	MerchantReferenceID string
}

type wireNotification struct {
	NotificationID string `json:"notificationId"`
	EventType      string `json:"eventType"`
	EventDate      string `json:"eventDate"`
	WebhookID      string `json:"webhookId"`
	Payload        struct {
		EntityName          string  `json:"entityName"`
		ID                  string  `json:"id"`
		ResponseCode        int     `json:"responseCode"`
		AuthCode            string  `json:"authCode"`
		AVSResponse         string  `json:"avsResponse"`
		AuthAmount          *amount `json:"authAmount"`
		InvoiceNumber       string  `json:"invoiceNumber"`
		MerchantReferenceID string  `json:"merchantReferenceId"`
	} `json:"payload"`
}

// VerifyWebhook checks that body, exactly as received, is signed by signature (the
// X-ANET-Signature header) under the signature key, then decodes it. The HMAC key is the
// signature key's text as Authorize.net shows it; the hex digest is compared in constant time,
// in either case. Nothing of an unverified body is decoded. Deduplicating by NotificationID is
// the caller's: a replayed notification verifies again.
func (c *Client) VerifyWebhook(signature string, body []byte) (Notification, error) {
	hexSum, ok := cutPrefixFold(strings.TrimSpace(signature), "sha512=")
	if !ok {
		return Notification{}, fmt.Errorf("%w: header is not sha512=<hex>", payments.ErrWebhookUnverified)
	}
	got, err := hex.DecodeString(hexSum)
	if err != nil || len(got) != sha512.Size {
		return Notification{}, fmt.Errorf("%w: header is not sha512=<hex>", payments.ErrWebhookUnverified)
	}
	mac := hmac.New(sha512.New, []byte(c.signatureKey.Reveal()))
	mac.Write(body)
	if !hmac.Equal(mac.Sum(nil), got) {
		return Notification{}, payments.ErrWebhookUnverified
	}
	var w wireNotification
	if err := json.Unmarshal(body, &w); err != nil {
		return Notification{}, fmt.Errorf("%w: authnet webhook body: %w", payments.ErrProviderUnavailable, err)
	}
	if w.NotificationID == "" || w.EventType == "" {
		return Notification{}, fmt.Errorf("%w: authnet webhook without notificationId or eventType", payments.ErrProviderUnavailable)
	}
	return Notification{
		NotificationID: w.NotificationID,
		EventType:      w.EventType,
		EventDate:      w.EventDate,
		WebhookID:      w.WebhookID,
		Payload: NotificationPayload{
			EntityName:          w.Payload.EntityName,
			ID:                  w.Payload.ID,
			ResponseCode:        w.Payload.ResponseCode,
			AuthCode:            w.Payload.AuthCode,
			AVSResponse:         w.Payload.AVSResponse,
			AuthAmount:          toMoney(w.Payload.AuthAmount),
			InvoiceNumber:       w.Payload.InvoiceNumber,
			MerchantReferenceID: w.Payload.MerchantReferenceID,
		},
	}, nil
}

func cutPrefixFold(s, prefix string) (string, bool) {
	if len(s) < len(prefix) || !strings.EqualFold(s[:len(prefix)], prefix) {
		return "", false
	}
	return s[len(prefix):], true
}
