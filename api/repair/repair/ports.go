// Package repair is the core of the repair service: the out-of-warranty path of spec §4
// "Repair creation", where a repair is paid for (by card or purchase order) or saved as a quote
// before the RMA gets its label. It orchestrates the rma capability (the RMA and its label), the
// payments capability (the quote and the money) and the uploads capability (the files), each
// through a port declared here and adapted in the composition root, and runs every change of
// state in one transaction.
package repair

import (
	"context"
	"errors"
	"time"

	"rugged.example/portal/api/pkg/idempotency"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/rma/rma"
)

// RMAs is the rma capability's write side; *rma.Creator implements it.
type RMAs interface {
	PrepareOutOfWarranty(ctx context.Context, r rma.CreateRequest) (rma.Prepared, error)
	OpenAwaitingPayment(ctx context.Context, p rma.Prepared, idempotencyKey idempotency.Key) (rma.RMA, error)
	Opened(ctx context.Context, r rma.RMA)
	RMAForKey(ctx context.Context, owner string, idempotencyKey idempotency.Key) (rma.RMA, bool, error)
	RMA(ctx context.Context, owner, number string) (rma.RMA, error)
	Release(ctx context.Context, owner, number string) (rma.RMA, error)
	Cancel(ctx context.Context, owner, number string) (rma.RMA, error)
	Cancelled(ctx context.Context, r rma.RMA)
	// Unit is the registry's unit, for what the label page shows of it.
	Unit(ctx context.Context, serial string) (rma.Unit, error)
	// AwaitingPayment, RenewPaymentAttempt, Unpaid and CancelUnpaid are the RMAs awaiting their
	// payment: found again by their unit, paid again, or cancelled once abandoned.
	AwaitingPayment(ctx context.Context, owner string, serial rma.Serial) (rma.RMA, error)
	RenewPaymentAttempt(ctx context.Context, owner, number string) (rma.RMA, error)
	Unpaid(ctx context.Context, cutoff time.Time, limit int) ([]rma.RMA, error)
	CancelUnpaid(ctx context.Context, r rma.RMA, cutoff time.Time, waited time.Duration) (bool, error)
}

// Quote is what the repair flow needs to know of a payments quote.
type Quote struct {
	ID    string
	Owner string
	// Org is the organization the quote was made under; its members see it in their lists.
	Org       string
	RMANumber string
	Serial    string
	Amount    money.Money
	Paid      bool
	ExpiresAt time.Time
	Saved     SavedQuote
	// Payment is what paid the quote; nil while it is unpaid.
	Payment *Payment
}

// Payment is a paid quote's receipt.
type Payment struct {
	Method Method
	// Reference is what the customer can quote about the payment: PayPal's capture id, the
	// purchase order's number, or the card provider's transaction id.
	Reference string
	Amount    money.Money
	PaidAt    time.Time
}

// SavedQuote is spec §3's Saved quote plus the packaging, which the confirm-quote page prefills
// too: everything the create-RMA flow needs to be replayed.
type SavedQuote struct {
	Shipping         QuoteShipping
	ExternalResource ExternalResource
	Total            money.Money
}

// QuoteShipping is where the unit comes from and who to ask about it.
type QuoteShipping struct {
	Address rma.Address
	Contact QuoteContact
}

// QuoteContact is the Saved quote's contact, with spec §3's own names.
type QuoteContact struct {
	FirstName, LastName, EmailAddress, PhoneNumber, PhoneCountryCode, CompanyName string
}

// ExternalResource is the unit and the create-RMA input to replay.
type ExternalResource struct {
	Serial string
	// RMAInput is the create payload's rmaInput in spec §3's names, without device credentials:
	// a quote never keeps a password.
	RMAInput  map[string]any
	Packaging rma.Packaging
}

// RMAQuote asks for the quote an out-of-warranty RMA is paid through.
type RMAQuote struct {
	Owner, Serial, RMANumber string
	// Org is the organization the RMA is opened under ("" for none): a new quote is made under it.
	Org    string
	Amount money.Money
	Saved  SavedQuote
	// SavedQuoteID, when set, names the owner's open saved quote of the same serial that this
	// RMA takes over, at the saved quote's amount.
	SavedQuoteID string
}

// ErrQuotePaid is what CancelForRMA answers for a quote that is paid already.
var ErrQuotePaid = errors.New("repair: the quote is paid")

// Payments is the payments capability's checkout. Methods said to join the transaction do their
// writes in the one ctx carries; the others call a provider and must run outside any.
type Payments interface {
	// SaveQuote stores a saved quote (no RMA) for owner under their organization org ("" for
	// none), whose members then see it; joins the transaction.
	SaveQuote(ctx context.Context, owner, org, serial string, amount money.Money, saved SavedQuote) (Quote, error)
	// QuoteForRMA opens the quote of a new RMA, or takes over the saved quote r names (another
	// owner's, another serial's or an unknown one answers the payments module's not-found;
	// paid, cancelled or expired ones its refusals); joins the transaction.
	QuoteForRMA(ctx context.Context, r RMAQuote) (Quote, error)
	// AcceptPurchaseOrder settles the quote of owner's RMA by purchase order; joins the
	// transaction.
	AcceptPurchaseOrder(ctx context.Context, owner, rmaNumber, customerPO string) (Quote, error)
	// StartPayPal returns the approve link of the PayPal order for the quote of owner's RMA,
	// creating the order or reusing the one it has.
	StartPayPal(ctx context.Context, owner, rmaNumber, returnURL, cancelURL string) (string, error)
	// SettleRMA makes sure the quote of owner's RMA is paid, capturing an approved PayPal order
	// (token, when set, must be its id); it answers the payments module's refusals (declined,
	// not approved, not found).
	SettleRMA(ctx context.Context, owner, rmaNumber, token string) (Quote, error)
	// CancelForRMA cancels the open quote of owner's RMA; a paid one answers ErrQuotePaid, none
	// or a cancelled one nil. Joins the transaction.
	CancelForRMA(ctx context.Context, owner, rmaNumber string) error
	// QuoteOfRMA returns the quote of owner's RMA.
	QuoteOfRMA(ctx context.Context, owner, rmaNumber string) (Quote, error)
	// SavedQuote returns owner's quote id; another owner's answers as an unknown one.
	SavedQuote(ctx context.Context, owner, id string) (Quote, error)
}

// QuoteKeys remembers which saved quote an owner's idempotency key saved (a saved quote has no
// RMA to remember it by); *rmadb.Store implements it.
type QuoteKeys interface {
	// RememberSavedQuote joins the transaction; rma.ErrDuplicateRequest when the key was used.
	RememberSavedQuote(ctx context.Context, owner, key, quoteID string) error
	SavedQuoteForKey(ctx context.Context, owner, key string) (quoteID string, ok bool, err error)
}

// Attachments keeps a saved quote's files until it is paid; *uploads.Service implements it.
type Attachments interface {
	// Hold fails with a validation fault when a file is unknown, someone else's or taken.
	Hold(ctx context.Context, owner string, bucketFileNames []string, until time.Time) error
	// OriginalNames maps owner's stored file names to the names they were uploaded under.
	OriginalNames(ctx context.Context, owner string, bucketFileNames []string) (map[string]string, error)
}

// PurchaseOrders ties an uploaded purchase-order file to the RMA it pays for;
// *uploads.Service implements it.
type PurchaseOrders interface {
	// ClaimPurchaseOrder fails with a validation fault when the file is unknown, someone
	// else's or taken; joins the transaction.
	ClaimPurchaseOrder(ctx context.Context, owner, fileID, rmaNumber string) error
}
