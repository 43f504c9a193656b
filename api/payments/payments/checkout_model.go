package payments

import (
	"time"

	"rugged.example/portal/api/pkg/money"
)

// Payment is how a quote was paid, written with its move to paid.
type Payment struct {
	Method      PaymentMethod
	ProviderRef string
	CaptureID   string
	CustomerPO  string
	PaidAt      time.Time
	// Amount is what the provider took (nothing for a PO): the quote's amount when it pays the
	// quote, and what goes back when it does not (the store keeps the quote's own amount).
	Amount money.Money
}

// OrderRequest is a PayPal order for a quote; the amount is the stored quote's.
type OrderRequest struct {
	QuoteID     string
	Amount      money.Money
	Description string
	ReturnURL   string
	CancelURL   string
	// RequestID is the order's idempotency key: the same key gives the same order back.
	RequestID string
}

// ProviderOrder is a PayPal order as the checkout needs it.
type ProviderOrder struct {
	ID         string
	PaymentURL string
}

// FormRequest is an Authorize.net hosted payment page for a quote.
type FormRequest struct {
	Amount        money.Money
	InvoiceNumber string
	Description   string
	ReturnURL     string
	CancelURL     string
}

// HostedForm is what the browser posts to open Authorize.net's form: Token to FormURL.
type HostedForm struct {
	FormURL string
	Token   string
}

// EventKind is what a provider webhook means for a quote.
type EventKind string

const (
	// EventCompleted is money taken (PayPal's capture completed, Authorize.net's approved
	// auth-and-capture); the checkout still checks it against the quote before marking it paid.
	EventCompleted EventKind = "completed"
	// EventDenied is a payment the provider or the bank refused: the quote stays open.
	EventDenied EventKind = "denied"
	// EventRefunded is money given back (a refund, a void): noted, the quote's status unchanged.
	EventRefunded EventKind = "refunded"
	// EventOther is any other event the portal is sent: noted only.
	EventOther EventKind = "other"
)

// WebhookEvent is a verified provider webhook.
type WebhookEvent struct {
	Provider string
	ID       string
	// Type is the provider's own event type, kept in the event log.
	Type string
	Kind EventKind
	// QuoteID is the invoice id (PayPal) or invoice number (Authorize.net): the quote's uid.
	QuoteID string
	// Ref is the PayPal order id or the Authorize.net transaction id.
	Ref       string
	CaptureID string
	Amount    money.Money
}
