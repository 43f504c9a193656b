package payments

import (
	"context"
	"crypto/rand"
	"time"

	"rugged.example/portal/api/pkg/money"
)

// A payable (a quote, and through it an RMA or a parts order) is paid once. Money a provider
// took that did not pay it — a capture or card transaction that arrived after another payment
// paid the quote, or after it was cancelled or expired — is given back at once through the
// provider's own API: PayPal refunds the capture, Authorize.net voids the transaction (or
// refunds it once settled). The refund is recorded on the quote first, so one that fails at the
// provider is retried until it goes through (RetryDueRefunds), and the customer is e-mailed
// when it does.

// The providers, as refunds and webhook events name them; the client packages use the same names.
const (
	ProviderPayPal  = "paypal"
	ProviderAuthNet = "authnet"
)

// RefundReason says why money did not pay its quote.
type RefundReason string

const (
	// RefundQuotePaid is money that arrived after another payment had paid the quote.
	RefundQuotePaid RefundReason = "quote_paid"
	// RefundQuoteCancelled is money that arrived for a cancelled quote (its RMA or parts order
	// was cancelled).
	RefundQuoteCancelled RefundReason = "quote_cancelled"
	// RefundQuoteExpired is money that arrived for a quote past its expiry.
	RefundQuoteExpired RefundReason = "quote_expired"
)

// RefundStatus is where a refund is: pending until the provider gave the money back.
type RefundStatus string

const (
	// RefundPending is a refund recorded but not (yet) accepted by the provider: it is being
	// made, or failed and waits for its next attempt (NextAttemptAt).
	RefundPending RefundStatus = "pending"
	// RefundDone is money the provider gave back.
	RefundDone RefundStatus = "refunded"
)

// Reversal is how the provider gave the money back.
type Reversal string

const (
	// ReversalRefund returns captured money (a PayPal capture, a settled card transaction).
	ReversalRefund Reversal = "refund"
	// ReversalVoid cancels a card transaction before it settles: the card is never charged.
	ReversalVoid Reversal = "void"
)

// Refund is money given back, or being given back, for a quote.
type Refund struct {
	// ID is "RF-" and 12 random base32 characters.
	ID      string
	QuoteID string
	// Provider is ProviderPayPal or ProviderAuthNet; with ProviderRef (PayPal's capture id,
	// Authorize.net's transaction id: the money that came in) it names the money, once.
	Provider    string
	ProviderRef string
	// Amount is what came in and goes back.
	Amount money.Money
	Reason RefundReason
	Status RefundStatus
	// Reversal and RefundRef say how the provider gave it back (its refund id, or the voided
	// transaction's id); empty while pending.
	Reversal  Reversal
	RefundRef string
	// Attempts counts the calls to the provider; LastError is the last failure's text (provider
	// codes, never card data) and NextAttemptAt when a pending refund is tried again.
	Attempts      int
	LastError     string
	NextAttemptAt time.Time
	CreatedAt     time.Time
	// RefundedAt is when the provider gave it back; nil while pending.
	RefundedAt *time.Time
}

// Refunds lists the money given back, or being given back, for quote id, oldest first (see
// Quotes.Refunds), for the answers of the pay-quote endpoints.
func (c *Checkout) Refunds(ctx context.Context, id string) ([]Refund, error) {
	return c.d.Store.RefundsOf(ctx, id)
}

// NewRefundID returns a fresh refund id.
func NewRefundID() string { return "RF-" + rand.Text()[:12] }

// Reversed is what a provider answered a refund or a void with.
type Reversed struct {
	Reversal Reversal
	// Ref is the provider's refund id (PayPal, an Authorize.net refund transaction) or the
	// voided transaction's id.
	Ref    string
	Amount money.Money
}

// Captured is money a provider took for an invoice: a card transaction that is captured or
// settled.
type Captured struct {
	Ref    string
	Amount money.Money
}

// RefundStore keeps refunds; paymentsdb implements it. Every method joins the transaction ctx
// carries.
type RefundStore interface {
	// RecordRefund stores a pending refund and reports whether it is new: the same money
	// (provider and provider reference) is recorded once, however many paths report it.
	RecordRefund(ctx context.Context, r Refund) (bool, error)
	// FinishRefund marks pending refund id as given back and reports whether this call did.
	FinishRefund(ctx context.Context, id string, r Reversed, at time.Time) (bool, error)
	// DeferRefund notes a failed attempt of pending refund id and when to try again.
	DeferRefund(ctx context.Context, id, lastError string, next time.Time) error
	// ClaimDueRefunds takes up to limit pending refunds whose attempt is due at now: each one's
	// attempts is counted and its next attempt moved to until, so no other process takes it
	// while this one calls the provider.
	ClaimDueRefunds(ctx context.Context, now, until time.Time, limit int) ([]Refund, error)
}

// RefundCounter counts refund attempts by provider, reason and outcome ("refunded" or
// "failed"); the composition root hands in the process's metrics.
type RefundCounter interface {
	PaymentRefund(provider, reason, outcome string)
}

// Outcomes a RefundCounter is told.
const (
	RefundOutcomeRefunded = "refunded"
	RefundOutcomeFailed   = "failed"
)
