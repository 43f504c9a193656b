package depottest

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"rugged.example/portal/api/depot/depot"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/rma/rma"
)

// Prices is an in-memory depot.Prices: Options by repair option name (any model), Parts by part
// number.
type Prices struct {
	Options map[string]depot.Priced
	Parts   map[string]depot.Priced
}

// NewPrices knows the demo's "Cracked or broken screen" (289.00) and part "RL14-BAT" (40.00).
func NewPrices() Prices {
	return Prices{
		Options: map[string]depot.Priced{"cracked or broken screen": {Description: "Display: Cracked or broken screen", Price: money.USD(289_00)}},
		Parts:   map[string]depot.Priced{"RL14-BAT": {Description: "Battery pack", Price: money.USD(40_00)}},
	}
}

func (p Prices) RepairOption(_ context.Context, _, name string) (depot.Priced, bool, error) {
	o, ok := p.Options[strings.ToLower(name)]
	return o, ok, nil
}

func (p Prices) Part(_ context.Context, number string) (depot.Priced, bool, error) {
	o, ok := p.Parts[strings.ToUpper(number)]
	return o, ok, nil
}

// Payments is an in-memory depot.Payments: Paid holds the amount paid per RMA number (out of
// warranty); any other RMA is in warranty.
type Payments struct{ Paid map[string]money.Money }

func (p Payments) AlreadyPaid(_ context.Context, rec rma.RMA) (money.Money, bool, error) {
	m, ok := p.Paid[rec.Number]
	if !ok {
		return money.USD(0), false, nil
	}
	return m, true, nil
}

// Quotes is a depot.RevisedQuotes that numbers its quotes QT-1, QT-2, … and moves the RMA on to
// its pending quote through Lifecycle, as the payments capability's listener does.
type Quotes struct {
	mu        sync.Mutex
	Lifecycle *rma.Lifecycle
	Issued    []rma.Diagnosis
}

func (q *Quotes) IssueRevisedQuote(ctx context.Context, rec rma.RMA, d rma.Diagnosis) (string, error) {
	q.mu.Lock()
	q.Issued = append(q.Issued, d)
	id := fmt.Sprintf("QT-%d", len(q.Issued))
	q.mu.Unlock()
	if err := q.Lifecycle.ServiceQuoteIssued(ctx, rec.Number, d.Actor, "Service quote "+id+" issued: "+d.AmountDue.String()); err != nil {
		return "", err
	}
	return id, nil
}

// Diagnoses is an in-memory depot.Diagnoses, by RMA number.
type Diagnoses struct {
	mu       sync.Mutex
	ByNumber map[string]rma.Diagnosis
}

func (d *Diagnoses) Record(_ context.Context, x rma.Diagnosis) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.ByNumber == nil {
		d.ByNumber = map[string]rma.Diagnosis{}
	}
	d.ByNumber[x.RMANumber] = x
	return nil
}

func (d *Diagnoses) QuoteIssued(_ context.Context, number, quoteID string) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	x := d.ByNumber[number]
	x.QuoteID = quoteID
	d.ByNumber[number] = x
	return nil
}

// Of answers the RMA's diagnosis, nil for none.
func (d *Diagnoses) Of(_ context.Context, number string) (*rma.Diagnosis, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	x, ok := d.ByNumber[number]
	if !ok {
		return nil, nil
	}
	return &x, nil
}
