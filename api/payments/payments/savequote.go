package payments

import (
	"context"

	"rugged.example/portal/api/pkg/money"
)

// SaveQuote stores a saved quote (KindSaved, no RMA) of amount for owner's unit serial, under
// owner's organization org ("" for none), whose members then see it; joins the transaction ctx
// carries.
func (c *Checkout) SaveQuote(ctx context.Context, owner, org, serial string, amount money.Money, saved SavedQuote) (Quote, error) {
	q, err := c.newQuote(KindSaved, owner, org, serial, "", amount, saved)
	if err != nil {
		return Quote{}, err
	}
	if err := c.d.Store.CreateQuote(ctx, q); err != nil {
		return Quote{}, err
	}
	c.d.Log.InfoContext(ctx, "quote saved", "quote", q.ID, "serial", q.Serial, "amount", q.Amount.String())
	return q, nil
}
