package compose

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"gorm.io/gorm"

	"rugged.example/portal/api/depot/depot"
	"rugged.example/portal/api/parts/parts"
	"rugged.example/portal/api/parts/partsdb"
	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/payments/paymentsdb"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/rma/rmadb"
)

// The depot's diagnosis declares the ports it needs (depot.Prices, depot.Payments,
// depot.RevisedQuotes); the adapters here connect them to the rma capability's repair options,
// the parts catalogue and the payments capability, so the depot imports none of them.

// Diagnoses keeps the technicians' diagnoses and the customers' decisions (the rma capability).
func (c *capabilities) Diagnoses() *rma.Diagnoses {
	return &rma.Diagnoses{Store: c.Units(), Lifecycle: c.Lifecycle()}
}

// depotPrices prices a diagnosis's line items: a repair option of the unit's model by its name,
// a part of the catalogue by its number.
type depotPrices struct {
	options *rmadb.Store
	parts   *partsdb.Store
}

func (p depotPrices) RepairOption(ctx context.Context, model, name string) (depot.Priced, bool, error) {
	faults, err := p.options.RepairOptions(ctx, model, rma.DefaultRMAType)
	if err != nil {
		return depot.Priced{}, false, err
	}
	for _, f := range faults {
		for _, o := range f.Options {
			if strings.EqualFold(o.Name, name) {
				return depot.Priced{Description: f.Name + ": " + o.Name, Price: o.Price}, true, nil
			}
		}
	}
	return depot.Priced{}, false, nil
}

func (p depotPrices) Part(ctx context.Context, partNumber string) (depot.Priced, bool, error) {
	part, err := p.parts.Part(ctx, strings.ToUpper(partNumber))
	if errors.Is(err, parts.ErrPartNotFound) {
		return depot.Priced{}, false, nil
	}
	if err != nil {
		return depot.Priced{}, false, err
	}
	return depot.Priced{Description: part.Description, Price: part.Price}, true, nil
}

// depotPayments tells the depot what a customer paid for an RMA before its unit arrived: the
// paid quote it was opened with (an out-of-warranty repair, an upgrade).
type depotPayments struct{ store *paymentsdb.Store }

func (p depotPayments) AlreadyPaid(ctx context.Context, rec rma.RMA) (money.Money, bool, error) {
	q, err := p.store.QuoteOfRMA(ctx, rec.Owner, rec.Number)
	if errors.Is(err, payments.ErrQuoteNotFound) {
		return money.USD(0), false, nil
	}
	if err != nil {
		return money.Money{}, false, err
	}
	if q.Status != payments.StatusPaid {
		return money.USD(0), false, nil
	}
	return q.Amount, true, nil
}

// revisedQuotes issues a diagnosis's revised quote as a service quote, whose e-mail carries the
// findings and the choices (payments.DecisionQuote); the quote's listener moves the RMA on to
// QUOTE_PENDING in the depot's transaction.
type revisedQuotes struct{ quotes *payments.Quotes }

func (r revisedQuotes) IssueRevisedQuote(ctx context.Context, rec rma.RMA, d rma.Diagnosis) (string, error) {
	findings := make([]string, len(d.Findings))
	for i, f := range d.Findings {
		findings[i] = f.Code.Label() + ": " + f.Description
	}
	q, err := r.quotes.IssueServiceQuote(ctx, payments.ServiceQuoteRequest{
		RMANumber: rec.Number, AmountCents: d.AmountDue.Cents, Note: d.TechnicianNote, IssuedBy: d.Actor,
		Decision: &payments.DecisionQuote{Findings: findings, Total: d.Total, AlreadyPaid: d.AlreadyPaid, ReturnFee: d.ReturnFee},
	})
	if err != nil {
		return "", fmt.Errorf("compose: revised quote of %s: %w", rec.Number, err)
	}
	return q.ID, nil
}

func newDepotPrices(gdb *gorm.DB, units *rmadb.Store) depotPrices {
	return depotPrices{options: units, parts: partsdb.NewStore(gdb)}
}
