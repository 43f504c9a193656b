package batchtest

import (
	"context"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"rugged.example/portal/api/batch/batch"
	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/mail"
	"rugged.example/portal/api/rma/rma"
)

// RMAs is the rma capability as the batch's worker sees it: RMAs by idempotency key, so a
// repeated key answers the RMA it created (as rma.Creator.CreateInBatch does). Refuse makes a
// serial's creation fail with its error; FailAfterCreate makes the next creation of a serial
// create the RMA and then answer a transient error, as a crash after the RMA's commit would.
type RMAs struct {
	mu              sync.Mutex
	ByKey           map[string]CreatedRMA
	Refuse          map[string]error
	FailAfterCreate map[string]bool
	Boxes           []batch.BoxAssignment
	// Creates counts the RMAs actually created (a repeated key creates none).
	Creates int
	// Opened counts the creations told after their commit (rma.Creator.Opened).
	Opened int
	next   int
}

// CreatedRMA is one RMA the fake created.
type CreatedRMA struct {
	Number, BatchID, PaidBy string
	NoCharge                bool
	Request                 rma.CreateRequest
}

// ErrCrash is FailAfterCreate's transient error.
var ErrCrash = fmt.Errorf("batchtest: the process died after the RMA's commit")

// CreateInBatch implements batch.RMAs.
func (f *RMAs) CreateInBatch(_ context.Context, r rma.CreateRequest, m rma.BatchMember) (string, func(context.Context), error) {
	number, err := f.create(r, m)
	if err != nil {
		return "", nil, err
	}
	return number, func(context.Context) {
		f.mu.Lock()
		defer f.mu.Unlock()
		f.Opened++
	}, nil
}

func (f *RMAs) create(r rma.CreateRequest, m rma.BatchMember) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.ByKey == nil {
		f.ByKey = map[string]CreatedRMA{}
	}
	if prior, ok := f.ByKey[r.IdempotencyKey.String()]; ok {
		return prior.Number, nil
	}
	if err := f.Refuse[r.Serial]; err != nil {
		return "", err
	}
	f.next++
	f.Creates++
	c := CreatedRMA{Number: fmt.Sprintf("RMA-%06d", 100000+f.next), BatchID: m.BatchID, PaidBy: m.PaidBy, NoCharge: m.NoCharge, Request: r}
	f.ByKey[r.IdempotencyKey.String()] = c
	if f.FailAfterCreate[r.Serial] {
		delete(f.FailAfterCreate, r.Serial)
		return "", ErrCrash
	}
	return c.Number, nil
}

// StatusesByNumbers implements batch.RMAs: every RMA awaits its unit.
func (f *RMAs) StatusesByNumbers(_ context.Context, numbers []string) (map[string]string, error) {
	out := map[string]string{}
	for _, n := range numbers {
		out[n] = string(rma.StatusAwaitingUnit)
	}
	return out, nil
}

// AssignBatchBoxes implements batch.RMAs.
func (f *RMAs) AssignBatchBoxes(_ context.Context, boxes []batch.BoxAssignment) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.Boxes = append(f.Boxes, boxes...)
	return nil
}

// Created lists the RMAs created for batch id.
func (f *RMAs) Created(batchID string) []CreatedRMA {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []CreatedRMA
	for _, c := range f.ByKey {
		if c.BatchID == batchID {
			out = append(out, c)
		}
	}
	return out
}

// Quote is one quote of the fake checkout.
type Quote struct {
	ID, Owner, BatchID string
	Amount             int64
	Status             batch.QuoteStatus
	Method             batch.PaymentMethod
	CustomerPO         string
	ExpiresAt          time.Time
	// Approved is the payer's approval of its PayPal order (the test sets it).
	Approved bool
	PayPal   bool
}

// Payments is the checkout: quotes per batch, paid by PO at once or by PayPal once approved.
type Payments struct {
	mu     sync.Mutex
	Quotes []*Quote
	Now    func() time.Time
}

func (f *Payments) now() time.Time {
	if f.Now == nil {
		return time.Now()
	}
	return f.Now()
}

// current is the batch's latest quote that is not cancelled.
func (f *Payments) current(owner, batchID string) *Quote {
	for i := len(f.Quotes) - 1; i >= 0; i-- {
		q := f.Quotes[i]
		if q.BatchID == batchID && q.Owner == owner && q.Status != batch.QuoteCancelled {
			return q
		}
	}
	return nil
}

// Of is the batch's current quote (nil without one).
func (f *Payments) Of(owner, batchID string) *Quote {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.current(owner, batchID)
}

// QuoteForBatch implements batch.Payments.
func (f *Payments) QuoteForBatch(_ context.Context, q batch.BatchQuote) (batch.QuoteRef, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if prior := f.current(q.Owner, q.BatchID); prior != nil && (prior.Status == batch.QuoteOpen || prior.Status == batch.QuotePaid) {
		return batch.QuoteRef{}, payments.ErrQuoteChanged
	}
	nq := &Quote{ID: fmt.Sprintf("QT-%d", len(f.Quotes)+1), Owner: q.Owner, BatchID: q.BatchID, Amount: q.Amount.Cents, Status: batch.QuoteOpen,
		ExpiresAt: f.now().Add(payments.QuoteValidity)}
	f.Quotes = append(f.Quotes, nq)
	return batch.QuoteRef{ID: nq.ID, ExpiresAt: nq.ExpiresAt}, nil
}

// CancelForBatch implements batch.Payments.
func (f *Payments) CancelForBatch(_ context.Context, owner, batchID string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	q := f.current(owner, batchID)
	switch {
	case q == nil:
		return nil
	case q.Status == batch.QuotePaid:
		return batch.ErrAlreadyPaid
	case q.Status == batch.QuoteOpen:
		q.Status = batch.QuoteCancelled
	}
	return nil
}

// ExpireForBatch implements batch.Payments.
func (f *Payments) ExpireForBatch(_ context.Context, owner, batchID string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	q := f.current(owner, batchID)
	switch {
	case q == nil:
		return payments.ErrQuoteNotFound
	case q.Status == batch.QuotePaid:
		return batch.ErrAlreadyPaid
	case f.now().Before(q.ExpiresAt):
		return fmt.Errorf("batchtest: quote %s has not expired", q.ID)
	}
	q.Status = batch.QuoteExpired
	return nil
}

// AcceptPurchaseOrder implements batch.Payments.
func (f *Payments) AcceptPurchaseOrder(_ context.Context, owner, batchID, customerPO string) (batch.QuoteRef, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	q := f.current(owner, batchID)
	if q == nil || q.Status != batch.QuoteOpen {
		return batch.QuoteRef{}, payments.ErrQuoteNotFound
	}
	q.Status, q.Method, q.CustomerPO = batch.QuotePaid, batch.MethodPO, customerPO
	return q.ref(), nil
}

func (q *Quote) ref() batch.QuoteRef {
	return batch.QuoteRef{ID: q.ID, ExpiresAt: q.ExpiresAt, Status: q.Status}
}

// StartPayPal implements batch.Payments: the approve link carries the quote's id as its token.
func (f *Payments) StartPayPal(_ context.Context, owner, batchID, returnURL, _ string) (string, batch.QuoteRef, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	q := f.current(owner, batchID)
	if q == nil || q.Status != batch.QuoteOpen {
		return "", batch.QuoteRef{}, payments.ErrQuoteNotFound
	}
	q.PayPal = true
	return "https://paypal.example/checkoutnow?token=EC-" + q.ID + "&return=" + returnURL, q.ref(), nil
}

// QuoteOfBatch implements batch.Payments.
func (f *Payments) QuoteOfBatch(_ context.Context, owner, batchID string) (batch.QuoteRef, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	q := f.current(owner, batchID)
	if q == nil {
		return batch.QuoteRef{}, payments.ErrQuoteNotFound
	}
	return q.ref(), nil
}

// PayByWebhook pays the batch's open quote at the payments side only, as a webhook does
// before (or without) its Fulfiller call reaching the batch; it answers the quote.
func (f *Payments) PayByWebhook(owner, batchID string) *Quote {
	f.mu.Lock()
	defer f.mu.Unlock()
	q := f.current(owner, batchID)
	q.Status, q.Method = batch.QuotePaid, batch.MethodPayPal
	return q
}

// SettleBatch implements batch.Payments.
func (f *Payments) SettleBatch(_ context.Context, owner, batchID, _ string) (batch.QuoteRef, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	q := f.current(owner, batchID)
	switch {
	case q == nil:
		return batch.QuoteRef{}, payments.ErrQuoteNotFound
	case q.Status == batch.QuotePaid:
	case !q.PayPal || !q.Approved:
		return batch.QuoteRef{}, payments.ErrNotApproved
	default:
		q.Status, q.Method = batch.QuotePaid, batch.MethodPayPal
	}
	return q.ref(), nil
}

// Documents is the shipping capability: it records each request and answers one document per
// batch, a tracking number per box with labels.
type Documents struct {
	mu        sync.Mutex
	Requests  []batch.BoxesRequest
	Discarded []string
	// PDF is what OpenDocument streams.
	PDF []byte
	// Fail, when set, is every issue's error (the carrier away); Attempts counts the issues asked.
	Fail     error
	Attempts int
}

// IssueBoxDocuments implements batch.Documents.
func (f *Documents) IssueBoxDocuments(_ context.Context, r batch.BoxesRequest) (batch.BoxDocuments, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.Attempts++
	if f.Fail != nil {
		return batch.BoxDocuments{}, f.Fail
	}
	f.Requests = append(f.Requests, r)
	docs := batch.BoxDocuments{DocumentID: "doc-" + r.BatchID, Tracking: map[int]string{}}
	if r.Labels {
		for _, b := range r.Boxes {
			docs.Tracking[b.Number] = fmt.Sprintf("RF%s%02d", strings.TrimPrefix(r.BatchID, "BT-"), b.Number)
		}
	}
	return docs, nil
}

// DiscardBoxDocuments implements batch.Documents.
func (f *Documents) DiscardBoxDocuments(_ context.Context, docs batch.BoxDocuments) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.Discarded = append(f.Discarded, docs.DocumentID)
	return nil
}

// OpenDocument implements batch.Documents: the owner's documents only.
func (f *Documents) OpenDocument(_ context.Context, owner, id string) (batch.OpenedDocument, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, r := range f.Requests {
		if "doc-"+r.BatchID == id && r.Owner == owner {
			return batch.OpenedDocument{Size: int64(len(f.PDF)), Body: io.NopCloser(strings.NewReader(string(f.PDF)))}, nil
		}
	}
	return batch.OpenedDocument{}, fault.New(fault.KindNotFound, "shipping.documentNotFound", "Document not found")
}

// PurchaseOrders are uploaded PO files by id and owner; a file is claimed once.
type PurchaseOrders struct {
	mu      sync.Mutex
	Owners  map[string]string
	Claimed map[string]string
}

// ClaimPurchaseOrder implements batch.PurchaseOrders.
func (f *PurchaseOrders) ClaimPurchaseOrder(_ context.Context, owner, fileID, ref string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.Owners[fileID] != owner {
		return fault.Validation(map[string]string{"fileId": "The purchase order file is unknown."})
	}
	if f.Claimed == nil {
		f.Claimed = map[string]string{}
	}
	if prior, ok := f.Claimed[fileID]; ok && prior != ref {
		return fault.Validation(map[string]string{"fileId": "The purchase order file is taken."})
	}
	f.Claimed[fileID] = ref
	return nil
}

// Mail is the outbox.
type Mail struct {
	mu   sync.Mutex
	Sent []mail.Message
}

// Enqueue implements batch.Mailer.
func (f *Mail) Enqueue(_ context.Context, m mail.Message) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.Sent = append(f.Sent, m)
	return nil
}

// Messages is what was queued.
func (f *Mail) Messages() []mail.Message {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]mail.Message(nil), f.Sent...)
}

// Addresses accepts an address with a first line and a country.
type Addresses struct{}

// ValidateAddress implements rma.AddressValidator.
func (Addresses) ValidateAddress(a rma.Address) error {
	fields := map[string]string{}
	if a.Line1 == "" {
		fields["line1"] = "Required"
	}
	if a.PostalCode == "" {
		fields["postalCode"] = "Required"
	}
	if len(fields) > 0 {
		return fault.Validation(fields)
	}
	return nil
}
