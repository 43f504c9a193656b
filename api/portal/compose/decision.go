package compose

import (
	"context"
	"time"

	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/repair/repair"
	"rugged.example/portal/api/rma/rma"
)

// decisionSweepInterval is how often a repair process looks for revised quotes owed a reminder
// (after 3 and 7 days) or lapsed (30 days): days-long clocks, so minutes late is on time.
const decisionSweepInterval = 10 * time.Minute

// sweepDecisions adds the revised quotes' reminders and lapses to the process's background jobs.
// Every repair process runs it: each reminder is counted under a conditional update and each
// return moves its RMA under the row lock, so each happens once.
func (app *App) sweepDecisions(svc *repair.Service) {
	app.background = append(app.background, every(decisionSweepInterval, func(ctx context.Context) error {
		_, err := svc.SweepDecisions(ctx)
		return err
	}))
}

// decisionQuotes give the repair service's decision on a revised quote the payments capability's
// service quotes (repair.ServiceQuotes): the quote's card page, its purchase-order settlement,
// its cancellation and the return fee.
type decisionQuotes struct {
	quotes   *payments.Quotes
	checkout *payments.Checkout
}

func (d decisionQuotes) CardLink(ctx context.Context, id string) (string, error) {
	q, err := d.quotes.ServiceQuote(ctx, id)
	if err != nil {
		return "", err
	}
	return d.quotes.CardLink(q), nil
}

func (d decisionQuotes) AcceptPurchaseOrder(ctx context.Context, id, customerPO string) error {
	q, err := d.quotes.ServiceQuote(ctx, id)
	if err != nil {
		return err
	}
	_, err = d.checkout.AcceptPurchaseOrder(ctx, q, customerPO)
	return err
}

func (d decisionQuotes) Cancel(ctx context.Context, id string) error {
	return d.quotes.CancelServiceQuote(ctx, id)
}

func (d decisionQuotes) IssueReturnFee(ctx context.Context, rmaNumber string, fee money.Money) (string, string, error) {
	q, err := d.quotes.IssueServiceQuote(ctx, payments.ServiceQuoteRequest{
		RMANumber: rmaNumber, AmountCents: fee.Cents, IssuedBy: rma.ActorSystem, ReturnFee: true,
		Note: "Return of the unit unrepaired",
	})
	if err != nil {
		return "", "", err
	}
	return q.ID, d.quotes.CardLink(q), nil
}

func (d decisionQuotes) DecisionLink(rmaNumber string) string {
	return d.quotes.DecisionLink(rmaNumber)
}
