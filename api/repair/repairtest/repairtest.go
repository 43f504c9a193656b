// Package repairtest offers in-memory stand-ins for the repair core's ports: a payments checkout
// that keeps the payments module's contract (quotes open, paid or cancelled once; saved quotes
// taken over by their owner's RMA of the same serial; PayPal orders approved or declined by the
// test) and the uploads module's holds and purchase-order claims. They are not transactional:
// a test that rolls a change back sees what they did.
package repairtest

import (
	"context"
	"fmt"
	"path"
	"sync"
	"time"

	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/repair/repair"
	"rugged.example/portal/api/repair/repairapi"
)

// The payments module's refusals the repair flow passes on, with its ids and messages.
var (
	ErrQuoteNotFound  = fault.New(fault.KindNotFound, "payments.quoteNotFound", "Quote not found")
	ErrQuoteCancelled = fault.New(fault.KindConflict, "payments.quoteCancelled", "This quote was cancelled and can no longer be paid.")
	ErrQuoteExpired   = fault.New(fault.KindConflict, "payments.quoteExpired", "This quote has expired. Please contact support for a new quote.")
	ErrAlreadyPaid    = fault.New(fault.KindConflict, "payments.alreadyPaid", "This quote has already been paid.")
	ErrNotApproved    = fault.New(fault.KindConflict, "payments.notApproved", "The payment has not been approved yet.")
	ErrDeclined       = fault.New(fault.KindConflict, "payments.declined", "The payment was declined. Please use another card or payment method.")
	ErrNotFound       = fault.New(fault.KindNotFound, "payments.notFound", "Payment not found")
	ErrUnavailable    = fault.New(fault.KindUnavailable, "payments.providerUnavailable", "The payment provider is not available right now. Please try again in a few minutes.")
)

type status int

const (
	open status = iota
	paid
	cancelled
)

// quote is one stored quote.
type quote struct {
	q          repair.Quote
	saved      bool
	status     status
	order      string
	approved   bool
	declined   bool
	customerPO string
	returnURL  string
	cancelURL  string
}

// Payments is an in-memory repair.Payments.
type Payments struct {
	mu     sync.Mutex
	quotes map[string]*quote
	next   int
	// Now is the clock of expiries; time.Now when nil.
	Now func() time.Time
	// StartErr, when set, is what StartPayPal answers (a provider outage).
	StartErr error
	// Captures counts the PayPal captures SettleRMA made.
	Captures int
}

// NewPayments returns an empty checkout.
func NewPayments() *Payments { return &Payments{quotes: map[string]*quote{}} }

func (p *Payments) now() time.Time {
	if p.Now != nil {
		return p.Now()
	}
	return time.Now()
}

func (p *Payments) newID() string {
	p.next++
	return fmt.Sprintf("QT-TEST%08d", p.next)
}

// SaveQuote implements repair.Payments.
func (p *Payments) SaveQuote(_ context.Context, owner, org, serial string, amount money.Money, saved repair.SavedQuote) (repair.Quote, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	q := &quote{saved: true, q: repair.Quote{
		ID: p.newID(), Owner: owner, Org: org, Serial: serial, Amount: amount, Saved: saved, ExpiresAt: p.now().Add(30 * 24 * time.Hour),
	}}
	p.quotes[q.q.ID] = q
	return q.q, nil
}

// AddSavedQuote stores a saved quote as SaveQuote does, expiring at expires.
func (p *Payments) AddSavedQuote(id, owner, serial string, amount money.Money, saved repair.SavedQuote, expires time.Time) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.quotes[id] = &quote{saved: true, q: repair.Quote{ID: id, Owner: owner, Serial: serial, Amount: amount, Saved: saved, ExpiresAt: expires}}
}

// refusal is what paying q answers, or nil while it is open.
func (p *Payments) refusal(q *quote) error {
	switch {
	case q.status == paid:
		return ErrAlreadyPaid
	case q.status == cancelled:
		return ErrQuoteCancelled
	case !p.now().Before(q.q.ExpiresAt):
		return ErrQuoteExpired
	}
	return nil
}

// QuoteForRMA implements repair.Payments. A new quote replaces one of a rolled-back RMA that
// had the same number.
func (p *Payments) QuoteForRMA(_ context.Context, r repair.RMAQuote) (repair.Quote, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for id, q := range p.quotes {
		if q.q.RMANumber == r.RMANumber {
			delete(p.quotes, id)
		}
	}
	if r.SavedQuoteID != "" {
		q, ok := p.quotes[r.SavedQuoteID]
		if !ok || !q.saved || q.q.Owner != r.Owner || q.q.Serial != r.Serial || q.q.RMANumber != "" {
			return repair.Quote{}, ErrQuoteNotFound
		}
		if err := p.refusal(q); err != nil {
			return repair.Quote{}, err
		}
		q.q.RMANumber = r.RMANumber
		return q.q, nil
	}
	q := &quote{q: repair.Quote{
		ID: p.newID(), Owner: r.Owner, Org: r.Org, Serial: r.Serial, RMANumber: r.RMANumber, Amount: r.Amount, Saved: r.Saved,
		ExpiresAt: p.now().Add(30 * 24 * time.Hour),
	}}
	p.quotes[q.q.ID] = q
	return q.q, nil
}

func (p *Payments) ofRMA(owner, number string) *quote {
	for _, q := range p.quotes {
		if q.q.Owner == owner && q.q.RMANumber == number {
			return q
		}
	}
	return nil
}

// AcceptPurchaseOrder implements repair.Payments.
func (p *Payments) AcceptPurchaseOrder(_ context.Context, owner, number, customerPO string) (repair.Quote, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	q := p.ofRMA(owner, number)
	if q == nil {
		return repair.Quote{}, ErrQuoteNotFound
	}
	if err := p.refusal(q); err != nil {
		return repair.Quote{}, err
	}
	q.status, q.q.Paid, q.customerPO = paid, true, customerPO
	q.q.Payment = &repair.Payment{Method: repair.MethodPO, Reference: customerPO, Amount: q.q.Amount, PaidAt: p.now()}
	return q.q, nil
}

// StartPayPal implements repair.Payments: the order id is derived from the quote, so a second
// call gives the same link.
func (p *Payments) StartPayPal(_ context.Context, owner, number, returnURL, cancelURL string) (string, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.StartErr != nil {
		return "", p.StartErr
	}
	q := p.ofRMA(owner, number)
	if q == nil {
		return "", ErrQuoteNotFound
	}
	if err := p.refusal(q); err != nil {
		return "", err
	}
	if q.order == "" {
		q.order = "ORDER-" + q.q.ID
	}
	q.returnURL, q.cancelURL = returnURL, cancelURL
	return "https://paypal.test/checkoutnow?token=" + q.order, nil
}

// Order returns the PayPal order id of the quote of owner's RMA and the URLs it was given.
func (p *Payments) Order(owner, number string) (order, returnURL, cancelURL string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if q := p.ofRMA(owner, number); q != nil {
		return q.order, q.returnURL, q.cancelURL
	}
	return "", "", ""
}

// Approve is the payer approving the order of owner's RMA; Decline makes its capture fail.
func (p *Payments) Approve(owner, number string) {
	p.set(owner, number, func(q *quote) { q.approved = true })
}

// Decline makes the capture of the order of owner's RMA fail as a refused card does.
func (p *Payments) Decline(owner, number string) {
	p.set(owner, number, func(q *quote) { q.declined = true })
}

// MarkPaid is the provider's webhook paying the quote of owner's RMA without the customer.
func (p *Payments) MarkPaid(owner, number string) {
	p.set(owner, number, func(q *quote) {
		q.status, q.q.Paid = paid, true
		q.q.Payment = &repair.Payment{Method: repair.MethodPayPal, Reference: "CAPTURE-WEBHOOK-" + q.q.ID, Amount: q.q.Amount, PaidAt: p.now()}
	})
}

func (p *Payments) set(owner, number string, fn func(*quote)) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if q := p.ofRMA(owner, number); q != nil {
		fn(q)
	}
}

// SettleRMA implements repair.Payments.
func (p *Payments) SettleRMA(_ context.Context, owner, number, token string) (repair.Quote, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	q := p.ofRMA(owner, number)
	switch {
	case q == nil:
		return repair.Quote{}, ErrQuoteNotFound
	case q.status == paid:
		return q.q, nil
	case q.status == cancelled:
		return repair.Quote{}, ErrQuoteCancelled
	case token != "" && token != q.order:
		return repair.Quote{}, ErrNotFound
	case q.order == "" || !q.approved:
		return repair.Quote{}, ErrNotApproved
	case q.declined:
		return repair.Quote{}, ErrDeclined
	}
	p.Captures++
	q.status, q.q.Paid = paid, true
	q.q.Payment = &repair.Payment{Method: repair.MethodPayPal, Reference: "CAPTURE-" + q.order, Amount: q.q.Amount, PaidAt: p.now()}
	return q.q, nil
}

// CancelForRMA implements repair.Payments.
func (p *Payments) CancelForRMA(_ context.Context, owner, number string) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	q := p.ofRMA(owner, number)
	switch {
	case q == nil:
		return nil
	case q.status == paid:
		return repair.ErrQuotePaid
	}
	q.status = cancelled
	return nil
}

// QuoteOfRMA implements repair.Payments.
func (p *Payments) QuoteOfRMA(_ context.Context, owner, number string) (repair.Quote, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if q := p.ofRMA(owner, number); q != nil {
		return q.q, nil
	}
	return repair.Quote{}, ErrQuoteNotFound
}

// SavedQuote implements repair.Payments.
func (p *Payments) SavedQuote(_ context.Context, owner, id string) (repair.Quote, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if q, ok := p.quotes[id]; ok && q.q.Owner == owner {
		return q.q, nil
	}
	return repair.Quote{}, ErrQuoteNotFound
}

// Quotes counts the stored quotes.
func (p *Payments) Quotes() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.quotes)
}

// Cancelled reports whether the quote of owner's RMA is cancelled.
func (p *Payments) Cancelled(owner, number string) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	q := p.ofRMA(owner, number)
	return q != nil && q.status == cancelled
}

// CustomerPO is the purchase order the quote of owner's RMA was settled with.
func (p *Payments) CustomerPO(owner, number string) string {
	p.mu.Lock()
	defer p.mu.Unlock()
	if q := p.ofRMA(owner, number); q != nil {
		return q.customerPO
	}
	return ""
}

// Files is an in-memory repair.Attachments and repair.PurchaseOrders over uploads owned by
// customers.
type Files struct {
	mu sync.Mutex
	// Owned maps a file name or PO file id to its owner.
	Owned map[string]string
	// Held maps a held attachment to the end of its hold; Claimed a PO file to its RMA.
	Held    map[string]time.Time
	Claimed map[string]string
}

// NewFiles knows the given uploads of owner.
func NewFiles(owner string, names ...string) *Files {
	f := &Files{Owned: map[string]string{}, Held: map[string]time.Time{}, Claimed: map[string]string{}}
	for _, n := range names {
		f.Owned[n] = owner
	}
	return f
}

// Add records further uploads of owner.
func (f *Files) Add(owner string, names ...string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, n := range names {
		f.Owned[n] = owner
	}
}

// OriginalNames implements repair.Attachments: a file of owner was uploaded as the last part
// of its stored name.
func (f *Files) OriginalNames(_ context.Context, owner string, names []string) (map[string]string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := map[string]string{}
	for _, n := range names {
		if f.Owned[n] == owner {
			out[n] = path.Base(n)
		}
	}
	return out, nil
}

// Hold implements repair.Attachments.
func (f *Files) Hold(_ context.Context, owner string, names []string, until time.Time) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, n := range names {
		if f.Owned[n] != owner {
			return fault.Validation(map[string]string{"attachments": "An attached file was not found. Please upload it again."})
		}
	}
	for _, n := range names {
		f.Held[n] = until
	}
	return nil
}

// ClaimPurchaseOrder implements repair.PurchaseOrders.
func (f *Files) ClaimPurchaseOrder(_ context.Context, owner, id, number string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	switch {
	case f.Owned[id] != owner:
		return fault.Validation(map[string]string{"customerPOFileId": "The purchase order file was not found. Please upload it again."})
	case f.Claimed[id] != "" && f.Claimed[id] != number:
		return fault.Validation(map[string]string{"customerPOFileId": "The purchase order file already belongs to another RMA. Please upload it again."})
	}
	f.Claimed[id] = number
	return nil
}

// Terms is a repairapi.Terms: the token's e-mail and a flat discount per subject.
type Terms struct {
	Discounts map[string]float64
}

// Terms implements repairapi.Terms.
func (t Terms) Terms(_ context.Context, caller auth.Principal, _ string) (repairapi.CustomerTerms, error) {
	return repairapi.CustomerTerms{Email: caller.Email, DiscountPercent: t.Discounts[caller.Subject]}, nil
}

// Reset forgets every quote, for a provider state that starts afresh.
func (p *Payments) Reset() {
	p.mu.Lock()
	defer p.mu.Unlock()
	clear(p.quotes)
	p.StartErr, p.Captures = nil, 0
}
