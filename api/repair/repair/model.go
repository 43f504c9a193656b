package repair

import "rugged.example/portal/api/rma/rma"

// Method is how an out-of-warranty repair is paid (spec §3 paymentData.paymentMethod).
type Method string

const (
	// MethodPayPal is the card path: PayPal's checkout takes cards and PayPal credit.
	MethodPayPal Method = "PayPal"
	// MethodPO is the purchase-order path, for holders of service:payment:po.
	MethodPO Method = "PO"
)

// Customer is the signed-in caller as the out-of-warranty path sees them.
type Customer struct {
	// Subject is the token's subject: the owner of everything created.
	Subject string
	// Org is the token's organization ("" for none): RMAs and quotes are made under it, so its
	// members see them.
	Org string
	// Name is the token's display name: who opened the RMA, as the organization sees it.
	Name string
	// MayPayByPO is true for holders of service:payment:po.
	MayPayByPO bool
	// Email decides whether a PO needs a release number (PO_RELEASE_DOMAINS).
	Email string
	// DiscountPercent is the profile's flat discount (spec §6).
	DiscountPercent float64
}

// PaymentData is the payload's paymentData (spec §3).
type PaymentData struct {
	Method           Method
	CustomerPO       string
	CustomerPOFileID string
	// Save stores a quote instead of opening an RMA; no method is needed then.
	Save bool
	// QuoteID names a saved quote of the caller that this RMA pays.
	QuoteID string
}

// Request is one out-of-warranty submission: the create payload and its payment.
type Request struct {
	// Create carries the owner and the idempotency key, as for /create.
	Create  rma.CreateRequest
	Payment PaymentData
}

// Result is the answer to a submission: the RMA and the quote it is paid through, the link to
// pay it by card, or the saved quote.
type Result struct {
	RMANumber  string
	QuoteID    string
	PaymentURL string
	// Saved is set when a quote was saved.
	Saved *SavedQuote
}
