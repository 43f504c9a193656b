package payments

import (
	"crypto/rand"
	"strings"
	"time"

	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/money"
)

// QuoteKind says where a quote came from.
type QuoteKind string

const (
	// KindSaved is a quote a customer saved from the create-RMA flow ('Save Quote', spec §4).
	KindSaved QuoteKind = "saved"
	// KindService is a quote staff issued for an existing RMA after diagnosis.
	KindService QuoteKind = "service"
	// KindRepair is a quote opened by the create/oow card or PO path for the out-of-warranty RMA it
	// pays, with no saved quote before it.
	KindRepair QuoteKind = "repair"
	// KindParts is a quote opened by the parts service's checkout for a parts order (OrderID),
	// which it pays; like a repair quote, it is paid with its order and never listed.
	KindParts QuoteKind = "parts"
	// KindBatch is the one combined quote of an RMA batch (BatchID) for its out-of-warranty rows,
	// opened by the batch service with the batch; like a parts quote, it is paid with its batch
	// (on the batch's page) and never listed.
	KindBatch QuoteKind = "batch"
)

// PaymentMethod is how a quote is paid. The values are spec §9's payment methods as the
// create-RMA payload names them, and Authorize.net's hosted form for service quotes.
type PaymentMethod string

const (
	MethodPayPal  PaymentMethod = "PayPal"
	MethodPO      PaymentMethod = "PO"
	MethodAuthNet PaymentMethod = "AuthorizeNet"
)

// QuoteStatus is where a quote is in its life: open until paid, cancelled or past ExpiresAt.
type QuoteStatus string

const (
	StatusOpen      QuoteStatus = "open"
	StatusPaid      QuoteStatus = "paid"
	StatusCancelled QuoteStatus = "cancelled"
	StatusExpired   QuoteStatus = "expired"
)

// QuoteValidity is how long a quote can be paid: its price and the diagnosis behind it are not
// held for ever.
const QuoteValidity = 30 * 24 * time.Hour

// Quote is an amount a customer owes for one unit: a saved quote of the create-RMA flow or a
// service quote staff issued for an RMA.
type Quote struct {
	// ID is the quote's uid, at most 20 characters: it is also Authorize.net's invoice number.
	ID   string
	Kind QuoteKind
	// Owner is the customer's subject: they pay the quote, and see it.
	Owner string
	// Org is the organization the quote was made under ("" for none): its members see it too
	// (VisibleTo), but only the owner pays it.
	Org string
	// RMANumber is the RMA a service quote prices; empty for a saved quote until it is paid.
	RMANumber string
	// OrderID is the parts order (rmaBatchId PB-nnnnnn) a parts quote pays; "" for other kinds.
	OrderID string
	// BatchID is the RMA batch (BT-…) a batch quote pays; "" for other kinds.
	BatchID string
	// Serial is the unit a quote prices; "" for a parts or batch quote.
	Serial string
	// Reference is the random part of the pay-quote links (/pay-quote/{id}/{reference}), so a
	// link cannot be made from a quote id alone.
	Reference string
	Amount    money.Money
	// Status is as stored; StatusAt tells the status at a moment, expiry included.
	Status QuoteStatus
	// Note is staff's explanation of a service quote, sent to the customer.
	Note string
	// IssuedBy is the subject of the staff member who issued a service quote.
	IssuedBy  string
	ExpiresAt time.Time
	// Saved is the quote's content in spec §3's Saved quote shape, which prefills the create-RMA
	// flow (quoteData) and the pay-quote pages.
	Saved SavedQuote
	// Method is how the quote is being paid or was paid: set when a PayPal order is created for it,
	// or when it is paid. Empty while nobody started paying.
	Method PaymentMethod
	// ProviderRef is the provider's handle of the payment: the PayPal order id, or the
	// Authorize.net transaction id once the transaction is known.
	ProviderRef string
	// CaptureID is PayPal's capture id (empty for other methods).
	CaptureID string
	// CustomerPO is the purchase order (and release) number a PO payment cites.
	CustomerPO string
	// PaidAt is when the quote was paid; nil until then.
	PaidAt *time.Time
	// FormToken is the Authorize.net hosted-form token handed out for the quote and FormIssuedAt
	// when it was: while it can still open the form, every form request answers this same token,
	// so a quote has one card form that can charge at a time ("" and nil before the first).
	FormToken    string
	FormIssuedAt *time.Time
	CreatedAt    time.Time
	UpdatedAt    time.Time
}

// SavedQuote is spec §3's Saved quote.
type SavedQuote struct {
	Shipping         QuoteShipping    `json:"shipping"`
	ExternalResource ExternalResource `json:"externalResource"`
	Total            money.Money      `json:"total"`
}

// QuoteShipping is where the unit comes from and who to ask about it.
type QuoteShipping struct {
	Address QuoteAddress `json:"address"`
	Contact QuoteContact `json:"contact"`
}

// QuoteAddress is spec §3's Address.
type QuoteAddress struct {
	Line1      string `json:"line1"`
	Line2      string `json:"line2"`
	City       string `json:"city"`
	State      string `json:"state"`
	Country    string `json:"country"`
	PostalCode string `json:"postalCode"`
}

// QuoteContact is the Saved quote's contact, with its own field names (emailAddress,
// phoneNumber, companyName) as spec §3 gives them.
type QuoteContact struct {
	FirstName        string `json:"firstName"`
	LastName         string `json:"lastName"`
	EmailAddress     string `json:"emailAddress"`
	PhoneNumber      string `json:"phoneNumber"`
	PhoneCountryCode string `json:"phoneCountryCode"`
	CompanyName      string `json:"companyName"`
}

// ExternalResource is the unit and, for a saved quote, the create-RMA input to replay.
type ExternalResource struct {
	Serial string `json:"serial"`
	// RMAInput is the create-RMA payload's rmaInput as the browser sent it; absent for a service
	// quote, whose RMA exists.
	RMAInput map[string]any `json:"rmaInput,omitempty"`
	// Packaging is the packaging choice of a saved quote, so the confirm-quote page prefills
	// every step; absent for a service quote.
	Packaging *QuotePackaging `json:"packaging,omitempty"`
}

// QuotePackaging is spec §3's Packing.
type QuotePackaging struct {
	HavePackaging bool `json:"havePackaging"`
	RequestBox    bool `json:"requestBox"`
	ForgoShipping bool `json:"forgoShipping"`
}

// The refusals of a quote's life. Messages are shown to the customer as they are.
var (
	// ErrQuoteNotFound is an unknown quote or another customer's: both answer alike.
	ErrQuoteNotFound = fault.New(fault.KindNotFound, "payments.quoteNotFound", "Quote not found")
	// ErrQuoteCancelled is a quote that was cancelled and can no longer be paid or changed.
	ErrQuoteCancelled = fault.New(fault.KindConflict, "payments.quoteCancelled",
		"This quote was cancelled and can no longer be paid.")
	// ErrQuoteExpired is a quote past its expiry.
	ErrQuoteExpired = fault.New(fault.KindConflict, "payments.quoteExpired",
		"This quote has expired. Please contact support for a new quote.")
	// ErrQuoteChanged is a status change that lost a race with another one (a payment and a
	// cancellation at once): read the quote again.
	ErrQuoteChanged = fault.New(fault.KindConflict, "payments.quoteChanged",
		"This quote was changed meanwhile. Please reload it.")
	// ErrQuoteNotExpired is an attempt to mark expired a quote whose expiry has not come.
	ErrQuoteNotExpired = fault.New(fault.KindConflict, "payments.quoteNotExpired", "This quote has not expired yet.")
	// ErrQuoteStatus is a status outside open, paid, cancelled and expired, or a move back to open.
	ErrQuoteStatus = fault.New(fault.KindInvalid, "payments.quoteStatus", "A quote can only be paid, cancelled or expired.")
)

// StatusAt is the quote's status at now: an open quote whose expiry has come is expired, whether
// or not that was written down yet.
func (q Quote) StatusAt(now time.Time) QuoteStatus {
	if q.Status == StatusOpen && !now.Before(q.ExpiresAt) {
		return StatusExpired
	}
	return q.Status
}

// Transition moves the quote to status to at now. Only an open quote changes: it is paid,
// cancelled or expired once, and then stays so. Paying a paid, cancelled or expired quote is
// refused with the sentinel that says which.
func (q Quote) Transition(to QuoteStatus, now time.Time) (Quote, error) {
	switch q.StatusAt(now) {
	case StatusPaid:
		return q, ErrAlreadyPaid
	case StatusCancelled:
		return q, ErrQuoteCancelled
	case StatusExpired:
		if to == StatusExpired && q.Status == StatusOpen {
			break // writing down an expiry that has come
		}
		return q, ErrQuoteExpired
	}
	switch to {
	case StatusPaid, StatusCancelled:
	case StatusExpired:
		if q.StatusAt(now) != StatusExpired {
			return q, ErrQuoteNotExpired
		}
	default:
		return q, ErrQuoteStatus
	}
	q.Status, q.UpdatedAt = to, now
	return q, nil
}

// NewQuoteID returns a fresh quote uid: "QT-" and 12 random base32 characters (60 bits), 15
// characters in all, within Authorize.net's 20 of an invoice number.
func NewQuoteID() string { return "QT-" + rand.Text()[:12] }

// NewReference returns the random part of a pay-quote link (26 base32 characters, 130 bits).
func NewReference() string { return strings.ToLower(rand.Text()) }
