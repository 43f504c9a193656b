package batch

import (
	"crypto/rand"
	"regexp"
	"time"

	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/rma/rma"
)

// RowStatus is where one row of a submitted batch is.
type RowStatus string

const (
	// RowPending is a row whose RMA is to be created now (the worker's).
	RowPending RowStatus = "PENDING"
	// RowAwaitingPayment is an out-of-warranty row whose combined quote is not paid yet: nothing
	// is created for it.
	RowAwaitingPayment RowStatus = "AWAITING_PAYMENT"
	// RowCreated is a row whose RMA exists.
	RowCreated RowStatus = "CREATED"
	// RowFailed is a row refused at submit or at creation, with its reasons.
	RowFailed RowStatus = "FAILED"
	// RowRemoved is a row its owner removed before paying.
	RowRemoved RowStatus = "REMOVED"
)

// Status is a batch's, derived from its rows (Batch.Status).
type Status string

const (
	StatusProcessing      Status = "PROCESSING"
	StatusAwaitingPayment Status = "AWAITING_PAYMENT"
	StatusCompleted       Status = "COMPLETED"
)

// PackagingKind is how the batch's units travel to the depot.
type PackagingKind string

const (
	// OwnBoxes: the customer packs UnitsPerBox units a box; a label and a packing list per box.
	OwnBoxes PackagingKind = "OWN_BOXES"
	// RequestBoxes: the depot sends boxes; a packing list per box, no label.
	RequestBoxes PackagingKind = "REQUEST_BOXES"
)

// MaxUnitsPerBox bounds OWN_BOXES' units a box.
const MaxUnitsPerBox = 50

// RequestedBoxUnits is how many units one box the depot sends holds: the packing lists of a
// REQUEST_BOXES batch are cut by it.
const RequestedBoxUnits = 10

// Packaging is the batch's one packaging choice; Boxes is how many boxes its CREATED rows went
// in (0 until the documents are issued).
type Packaging struct {
	Kind        PackagingKind
	UnitsPerBox int
	Boxes       int
}

// unitsPerBox is how many units one box of p takes.
func (p Packaging) unitsPerBox() int {
	if p.Kind == OwnBoxes && p.UnitsPerBox > 0 {
		return p.UnitsPerBox
	}
	return RequestedBoxUnits
}

// PaymentMethod is how the batch's combined quote is paid (paymentData.paymentMethod).
type PaymentMethod string

const (
	MethodPO     PaymentMethod = "PO"
	MethodPayPal PaymentMethod = "PayPal"
	// MethodSave keeps the quote open (30 days) to pay later on the batch page.
	MethodSave PaymentMethod = "SAVE"
)

// QuoteStatus is the batch's combined quote's, as the batch records it in the transactions
// that change it.
type QuoteStatus string

const (
	QuoteOpen      QuoteStatus = "open"
	QuotePaid      QuoteStatus = "paid"
	QuoteCancelled QuoteStatus = "cancelled"
	QuoteExpired   QuoteStatus = "expired"
)

// Payment is the batch's combined quote of its out-of-warranty rows. Method is "" until a
// payment is started (PayPal) or made (PO).
type Payment struct {
	QuoteID    string
	Amount     money.Money
	Status     QuoteStatus
	Method     PaymentMethod
	CustomerPO string
	ExpiresAt  time.Time
}

// BatchRow is one submitted row: what the customer wrote, what the pre-flight found and what
// became of it. RMAStatus is the RMA's current status, read when the batch is (not stored).
type BatchRow struct {
	Index int
	Row
	Model          string
	Entitlement    Entitlement
	Price          *money.Money
	Status         RowStatus
	RMANumber      string
	RMAStatus      string
	Box            int
	TrackingNumber string
	Reasons        []Reason
	// Camera is a VERETOS unit, whose RMA asks the click-wrap when it holds data.
	Camera bool
	// RefundDue is what the customer is owed back for a paid row whose RMA could not be created
	// (staff refund it: nothing here gives money back on its own); nil for every other row.
	RefundDue *money.Money
}

// Batch is a fleet customer's submitted batch: its owner (the subject) and organization ("" for
// none), the one contact, address and packaging, the combined quote and the rows.
type Batch struct {
	ID        string
	Owner     string
	Org       string
	CreatedBy string
	CreatedAt time.Time
	Contact   rma.Contact
	Address   rma.Address
	Packaging Packaging
	// The acknowledgements of one RMA, given once for the batch.
	AcknowledgeHDDBackup bool
	AcknowledgeClickWrap bool
	// Payment is nil for a batch without out-of-warranty rows.
	Payment *Payment
	// DocumentID is the shipping document (one PDF: labels and packing lists); "" until issued.
	DocumentID string
	// FinishedAt is when the boxes, documents and summary e-mail were done; nil before.
	FinishedAt *time.Time
	// DocumentsFailed is a batch finished without its documents: issuing them kept failing
	// until the worker gave up (MaxAttempts).
	DocumentsFailed bool
	// BodyHash is the submit's body's hash: the owner's key replayed with another body is refused.
	BodyHash string
	Rows     []BatchRow
}

// Counts are a batch's rows per status, and whether the batch is finished (its boxes,
// documents and e-mail done).
type Counts struct {
	Rows, Pending, AwaitingPayment, Created, Failed, Removed int
	Finished                                                 bool
}

// Done is how many rows are no longer waiting for anything.
func (c Counts) Done() int { return c.Created + c.Failed + c.Removed }

// Status is the batch status the counts give: PROCESSING while a row is PENDING, else
// AWAITING_PAYMENT while a row awaits its payment, else PROCESSING until the worker finished the
// batch (boxes, documents, e-mail), then COMPLETED: a page that reads a COMPLETED batch finds
// its documents.
func (c Counts) Status() Status {
	switch {
	case c.Pending > 0:
		return StatusProcessing
	case c.AwaitingPayment > 0:
		return StatusAwaitingPayment
	case !c.Finished:
		return StatusProcessing
	}
	return StatusCompleted
}

// add counts one row of status s.
func (c *Counts) add(s RowStatus, n int) {
	c.Rows += n
	switch s {
	case RowPending:
		c.Pending += n
	case RowAwaitingPayment:
		c.AwaitingPayment += n
	case RowCreated:
		c.Created += n
	case RowFailed:
		c.Failed += n
	case RowRemoved:
		c.Removed += n
	}
}

// CountsOf counts rows per status (stores answer counts in this shape).
func CountsOf(byStatus map[RowStatus]int) Counts {
	var c Counts
	for s, n := range byStatus {
		c.add(s, n)
	}
	return c
}

// Counts counts b's rows.
func (b Batch) Counts() Counts {
	c := Counts{Finished: b.FinishedAt != nil}
	for _, r := range b.Rows {
		c.add(r.Status, 1)
	}
	return c
}

// Status is b's status, from its rows.
func (b Batch) Status() Status { return b.Counts().Status() }

// Total is what the batch's out-of-warranty rows cost: its combined quote's amount while it is
// open (to pay) or paid (taken); zero without one, and for a cancelled or expired quote, whose
// amount was never taken.
func (b Batch) Total() money.Money {
	if b.Payment == nil || (b.Payment.Status != QuoteOpen && b.Payment.Status != QuotePaid) {
		return money.USD(0)
	}
	return b.Payment.Amount
}

// RefundDue is what the batch owes back: the sum of its paid rows that could not be created
// (BatchRow.RefundDue); zero when none.
func (b Batch) RefundDue() money.Money {
	out := money.USD(0)
	if b.Payment != nil {
		out.Currency = b.Payment.Amount.Currency
	}
	for _, r := range b.Rows {
		if r.RefundDue != nil {
			out = money.Money{Cents: out.Cents + r.RefundDue.Cents, Currency: r.RefundDue.Currency}
		}
	}
	return out
}

// Listed is a batch as the list shows it: no rows, their counts.
type Listed struct {
	ID        string
	Owner     string
	CreatedBy string
	CreatedAt time.Time
	Counts    Counts
	Total     money.Money
}

// crockford is Crockford's base32 alphabet (no I, L, O, U).
const crockford = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

var idPattern = regexp.MustCompile(`^BT-[0-9A-HJKMNP-TV-Z]{8}$`)

// ValidID reports whether s has the shape of a batch id: BT- and 8 characters of Crockford base32.
func ValidID(s string) bool { return idPattern.MatchString(s) }

// newID is a random batch id (40 bits): a collision is refused by the primary key and Submit
// draws another.
func newID() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	out := []byte("BT-")
	for _, x := range b {
		out = append(out, crockford[int(x)%32])
	}
	return string(out)
}

// The batch's refusals.
var (
	// ErrNotFound is an unknown batch or one the caller may not see: both answer alike.
	ErrNotFound = fault.New(fault.KindNotFound, "batch.notFound", "Batch not found")
	// ErrNotOwner is a change of a batch by a member of its organization who did not submit it.
	ErrNotOwner = fault.New(fault.KindForbidden, "batch.notOwner", "Only the person who submitted this batch can change it.")
	// ErrAlreadyPaid refuses removing a row once the quote is paid.
	ErrAlreadyPaid = fault.New(fault.KindConflict, "batch.alreadyPaid", "This batch is paid; its rows can no longer be removed.")
	// ErrDocumentsNotReady is the documents PDF asked before every row has its RMA.
	ErrDocumentsNotReady = fault.New(fault.KindNotFound, "batch.documentsNotReady", "The labels are made once every unit of the batch has its RMA.")
	// ErrRowNotFound is a row index the batch does not have.
	ErrRowNotFound = fault.New(fault.KindNotFound, "batch.rowNotFound", "Row not found")
	// ErrRowNotRemovable is a row that is not awaiting its payment: only those can be removed.
	ErrRowNotRemovable = fault.New(fault.KindConflict, "batch.rowNotRemovable", "Only a row awaiting payment can be removed.")
	// ErrNothingToPay is a payment of a batch without an open quote.
	ErrNothingToPay = fault.New(fault.KindConflict, "batch.nothingToPay", "This batch has nothing left to pay.")
	// ErrNothingToCreate is a submit none of whose rows can become an RMA.
	ErrNothingToCreate = fault.New(fault.KindInvalid, "batch.nothingToCreate",
		"No row of this batch can become an RMA. Fix the rows and check them again.")
	// ErrDuplicateBatch is an owner's idempotency key used before (Submit answers with the
	// first batch) or a batch id taken (Submit draws another): the store's unique keys.
	ErrDuplicateBatch = fault.New(fault.KindConflict, "batch.duplicate", "This batch was submitted already.")
	// ErrKeyReused is an owner's idempotency key sent again with another batch's body (fault
	// has no 422 kind: the HTTP surface answers it 422).
	ErrKeyReused = fault.New(fault.KindConflict, "batch.keyReused", "This key was used for another batch.")
	// ErrQuoteExpired is a change of a saved quote whose 30 days are over (it is expired then).
	ErrQuoteExpired = fault.New(fault.KindConflict, "batch.quoteExpired", MsgQuoteExpired)
	// ErrChanged is a change that lost a race with another one.
	ErrChanged = fault.New(fault.KindConflict, "batch.changed", "This batch was changed meanwhile. Please reload it.")
)

// Messages of a row's or the batch's life.
const (
	// MsgQuoteExpired is an AWAITING_PAYMENT row's reason once its saved quote expired.
	MsgQuoteExpired = "The quote expired before it was paid."
)

// validationOf is a validation fault on one field.
func validationOf(field, message string) error {
	return fault.Validation(map[string]string{field: message})
}
