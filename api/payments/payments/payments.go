// Package payments is the core of the payments capability: the errors every provider client
// answers with, so callers match one set of sentinels whichever provider took the money, and the
// event log through which the caller makes each provider webhook count once (ARCHITECTURE §5).
// The provider clients live beside it (paypal, authnet), each with the sandbox that speaks its
// protocol for the embedded default.
package payments

import (
	"context"

	"rugged.example/portal/api/pkg/fault"
)

// The outcomes a provider client reports. Messages are safe to show a customer; the provider's
// own detail (issue codes, debug ids) is wrapped around them for the logs.
var (
	// ErrDeclined is a card or other instrument the provider or the bank refused.
	ErrDeclined = fault.New(fault.KindConflict, "payments.declined",
		"The payment was declined. Please use another card or payment method.")
	// ErrNotApproved is a payment the payer has not approved yet (they have not been through the
	// provider's page, or left it).
	ErrNotApproved = fault.New(fault.KindConflict, "payments.notApproved",
		"The payment has not been approved yet.")
	// ErrAmountMismatch is a payment whose amount or currency differs from the quote's. When the
	// provider already took the money the client returns what it took beside this error, so the
	// caller can refund or flag it.
	ErrAmountMismatch = fault.New(fault.KindConflict, "payments.amountMismatch",
		"The amount paid does not match the quote.")
	// ErrPending is a capture the provider accepted but has not completed (a review, an
	// e-check); a later webhook tells whether it completes or is denied.
	ErrPending = fault.New(fault.KindConflict, "payments.pending",
		"The payment is pending with the provider. You will be told when it completes.")
	// ErrAlreadyPaid is a quote the provider has already collected (PayPal refuses a second
	// order or capture for an invoice id it has been paid for).
	ErrAlreadyPaid = fault.New(fault.KindConflict, "payments.alreadyPaid", "This quote has already been paid.")
	// ErrNotFound is an order or transaction the provider does not know.
	ErrNotFound = fault.New(fault.KindNotFound, "payments.notFound", "Payment not found")
	// ErrProviderUnavailable is a provider that could not be reached, answered with a server
	// error, refused the portal's credentials or answered something unreadable.
	ErrProviderUnavailable = fault.New(fault.KindUnavailable, "payments.providerUnavailable",
		"The payment provider is not available right now. Please try again in a few minutes.")
	// ErrWebhookUnverified is a webhook whose signature the provider does not vouch for: forged,
	// altered on the way, or meant for another webhook.
	ErrWebhookUnverified = fault.New(fault.KindUnauthenticated, "payments.webhookUnverified",
		"The notification could not be verified.")
	// ErrDuplicateEvent is a verified webhook event that was already handled (a provider retry or
	// a replay). Answer it with a 2xx so the provider stops retrying, and change nothing.
	ErrDuplicateEvent = fault.New(fault.KindConflict, "payments.duplicateEvent",
		"The notification was already handled.")
)

// EventLog remembers which provider webhook events were handled, so a retried or replayed event
// changes nothing. The caller implements it where its state lives (a table with a unique key on
// provider and event id), ideally in the same transaction as the change the event causes.
type EventLog interface {
	// Claim records the event as handled and reports whether this call was the first to do so.
	Claim(ctx context.Context, provider, eventID string) (first bool, err error)
}
