package batch

import (
	"context"
	"io"
	"time"

	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/mail"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/pkg/visibility"
	"rugged.example/portal/api/rma/rma"
)

// Units reads the registry's units of many serials at once (rmadb.Store implements it): one
// query for a whole batch instead of one per row. A serial the registry does not know is absent.
type Units interface {
	UnitsBySerials(ctx context.Context, serials []string) ([]rma.Unit, error)
}

// Options reads the repair options of many models at once (rmadb.Store implements it); a model
// without options is absent.
type Options interface {
	RepairOptionsOfModels(ctx context.Context, models []string, rmaType string) (map[string][]rma.FaultOptions, error)
}

// Branches names an organization's branches (the account service keeps them; the composition
// root adapts its store).
type Branches interface {
	BranchNames(ctx context.Context, org string) ([]string, error)
}

// Discounts answers the caller's flat discount of spec §6 from the same terms the repair
// service prices one out-of-warranty RMA with (the profile, or the token's claim), so a batch's
// price is exactly the price of its RMAs.
type Discounts interface {
	DiscountPercent(ctx context.Context, caller auth.Principal, accessToken string) (float64, error)
}

// Store keeps submitted batches and their rows (batchdb.Store). Every write joins the
// transaction ctx carries (db.Conn).
type Store interface {
	// CreateBatch stores b and its rows; an owner's key used before, or an id another batch
	// has, is ErrDuplicateBatch (BatchForKey tells which).
	CreateBatch(ctx context.Context, b Batch, key string) error
	// BatchForKey is the batch the owner's key submitted, if any.
	BatchForKey(ctx context.Context, owner, key string) (Batch, bool, error)
	// Batch is batch id with its rows in index order; ErrNotFound when there is none.
	Batch(ctx context.Context, id string) (Batch, error)
	// BatchHeader is batch id without its rows (Rows nil); ErrNotFound when there is none.
	BatchHeader(ctx context.Context, id string) (Batch, error)
	// BatchesPage is up to size batches v sees (own and organization's), newest first, after
	// the cursor (zero: from the newest).
	BatchesPage(ctx context.Context, v visibility.Viewer, after Cursor, size int) ([]Listed, error)
	// Progress counts batch id's rows per status, and says whether it is finished.
	Progress(ctx context.Context, id string) (Counts, error)
	// SetRow moves one row from status from to r's status, RMA number, reasons and refund due
	// (its failing clock cleared); a row no longer in from is ErrChanged.
	SetRow(ctx context.Context, id string, from RowStatus, r BatchRow) error
	// MoveRows moves every row of status from to to (reasons replace theirs when given) and
	// answers how many moved.
	MoveRows(ctx context.Context, id string, from, to RowStatus, reasons []Reason) (int, error)
	// RowFailingSince records, once, that row index began failing without a refusal at now and
	// answers when it first did (the row's give-up clock, shared by every process).
	RowFailingSince(ctx context.Context, id string, index int, now time.Time) (time.Time, error)
	// SetPayment records the batch's combined quote, changed from the quote id from ("" for
	// none): a batch whose quote is no longer from is ErrChanged.
	SetPayment(ctx context.Context, id, from string, p *Payment) error
	// ClaimWork leases, until until, one unfinished batch nobody holds and due now (Retry) that
	// has PENDING rows or nothing left to wait for (then its documents and e-mail are due), the
	// one due longest first: PostgreSQL's FOR UPDATE SKIP LOCKED, so workers of several
	// processes each take their own.
	ClaimWork(ctx context.Context, now, until time.Time) (string, bool, error)
	// ExtendLease keeps batch id held until until.
	ExtendLease(ctx context.Context, id string, until time.Time) error
	// Retry counts a failed pass on batch id and puts its next attempt off until due(attempts);
	// it answers the failed passes in a row.
	Retry(ctx context.Context, id string, due func(attempts int) time.Time) (int, error)
	// Progressed clears batch id's failed passes: a row moved.
	Progressed(ctx context.Context, id string) error
	// SetDocumentsFailed marks batch id finished without its documents.
	SetDocumentsFailed(ctx context.Context, id string) error
	// PayPalStarted lists the unfinished batches whose open quote's card payment was started.
	PayPalStarted(ctx context.Context) ([]string, error)
	// ReleaseLease lets batch id go.
	ReleaseLease(ctx context.Context, id string) error
	// Finish marks batch id finished (boxes, documents and e-mail done) unless it is already:
	// false then, and the caller does nothing more.
	Finish(ctx context.Context, id string, at time.Time) (bool, error)
	// SetDocuments records the boxes and the documents of a finished batch, and each row's box.
	SetDocuments(ctx context.Context, id string, boxes int, documentID string, rows []RowBox) error
	// OpenQuotesExpiredBy lists the batches whose open quote expired by now.
	OpenQuotesExpiredBy(ctx context.Context, now time.Time) ([]string, error)
}

// RowBox is where a CREATED row travels: its box and the box's tracking number.
type RowBox struct {
	Index, Box     int
	TrackingNumber string
}

// Cursor is a position in the list: the last batch's creation time and id.
type Cursor struct {
	CreatedAt time.Time
	ID        string
}

// RMAs is the rma capability's write side for one row (rma.Creator.CreateInBatch): the RMA of
// r in batch m (m.PaidBy: the combined quote that paid an out-of-warranty row, else ""; m.NoCharge:
// an out-of-warranty row that costs nothing after the discount),
// idempotent by r.IdempotencyKey, in its own transaction (or the one ctx carries). It answers
// the RMA's number and what to run once that transaction committed (rma.Creator.Opened: the
// unit's cache dropped, the creation counted; nil for nothing); a refusal is a fault in one
// RMA's words.
type RMAs interface {
	CreateInBatch(ctx context.Context, r rma.CreateRequest, m rma.BatchMember) (string, func(context.Context), error)
	// StatusesByNumbers reads the RMAs' current statuses.
	StatusesByNumbers(ctx context.Context, numbers []string) (map[string]string, error)
	// AssignBatchBoxes records each RMA's box and tracking number (joins the transaction).
	AssignBatchBoxes(ctx context.Context, boxes []BoxAssignment) error
}

// BoxAssignment is one RMA's box.
type BoxAssignment struct {
	RMANumber      string
	Box            int
	TrackingNumber string
}

// Documents is the shipping capability's: the batch's one PDF (per box a label page and a
// packing list page; packing lists only without labels), and its download.
type Documents interface {
	// IssueBoxDocuments joins the transaction for its rows.
	IssueBoxDocuments(ctx context.Context, r BoxesRequest) (BoxDocuments, error)
	// DiscardBoxDocuments deletes the PDF of docs whose transaction rolled back.
	DiscardBoxDocuments(ctx context.Context, docs BoxDocuments) error
	// OpenDocument streams owner's document id.
	OpenDocument(ctx context.Context, owner, id string) (OpenedDocument, error)
}

// BoxesRequest is what the documents of a batch's boxes are made from.
type BoxesRequest struct {
	Owner, BatchID string
	From           rma.Address
	Contact        rma.Contact
	Boxes          []Box
	// Labels is false for REQUEST_BOXES: packing lists only, no carrier booking.
	Labels bool
}

// Box is one box: its number of Of, and the units in it.
type Box struct {
	Number, Of int
	Units      []BoxUnit
}

// BoxUnit is one unit in a box.
type BoxUnit struct {
	Serial, Model, RMANumber string
}

// BoxDocuments are the issued PDF and, with labels, each box's tracking number.
type BoxDocuments struct {
	DocumentID string
	Tracking   map[int]string
}

// OpenedDocument is a stored PDF being read; BatchID (set by OpenDocuments) is the batch's id
// as stored, which names the download.
type OpenedDocument struct {
	Size    int64
	Body    io.ReadCloser
	BatchID string
}

// Payments is the payments capability's checkout for the batch's one combined quote (kind batch).
type Payments interface {
	// QuoteForBatch opens a quote; joins the transaction.
	QuoteForBatch(ctx context.Context, q BatchQuote) (QuoteRef, error)
	// CancelForBatch cancels the open one (none: nothing); a paid one is ErrAlreadyPaid; joins
	// the transaction.
	CancelForBatch(ctx context.Context, owner, batchID string) error
	// ExpireForBatch writes down the expiry of the open quote whose time has come, so no late
	// payment takes it; a paid one is ErrAlreadyPaid; joins the transaction.
	ExpireForBatch(ctx context.Context, owner, batchID string) error
	// AcceptPurchaseOrder pays the open quote by PO and answers it; joins the transaction.
	AcceptPurchaseOrder(ctx context.Context, owner, batchID, customerPO string) (QuoteRef, error)
	// StartPayPal answers PayPal's approve link for the open quote, and the quote.
	StartPayPal(ctx context.Context, owner, batchID, returnURL, cancelURL string) (string, QuoteRef, error)
	// QuoteOfBatch is the batch's latest quote that is not cancelled, with its status at the
	// payments side.
	QuoteOfBatch(ctx context.Context, owner, batchID string) (QuoteRef, error)
	// SettleBatch captures the approved PayPal order (a paid quote: as it is).
	SettleBatch(ctx context.Context, owner, batchID, token string) (QuoteRef, error)
}

// BatchQuote is the combined quote of a batch's out-of-warranty rows.
type BatchQuote struct {
	Owner, Org, BatchID string
	Amount              money.Money
	// Contact is who the receipt goes to.
	Contact rma.Contact
}

// QuoteRef is a quote as the batch records it; Status is the payments side's (QuoteOfBatch).
type QuoteRef struct {
	ID        string
	ExpiresAt time.Time
	Status    QuoteStatus
}

// PurchaseOrders claims an uploaded PO file for the batch (uploads); a file that is unknown,
// someone else's or taken is a validation fault; joins the transaction.
type PurchaseOrders interface {
	ClaimPurchaseOrder(ctx context.Context, owner, fileID, ref string) error
}

// Mailer queues an e-mail through the outbox (joins the transaction).
type Mailer interface {
	Enqueue(ctx context.Context, msg mail.Message) error
}
