package compose

import (
	"context"

	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/rma/rma"
)

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

func (d decisionQuotes) DecisionLink(rmaNumber string) string { return d.quotes.DecisionLink(rmaNumber) }
