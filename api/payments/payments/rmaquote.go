package payments

import (
	"context"
	"errors"

	"rugged.example/portal/api/pkg/money"
)

// RMAQuote is the quote an out-of-warranty RMA is paid through: a new repair quote of Amount
// and Saved, or the caller's saved quote SavedQuoteID (whose amount then stands).
type RMAQuote struct {
	Owner, Serial, RMANumber string
	// Org is the organization the RMA is opened under; a new repair quote is made under it.
	Org          string
	Amount       money.Money
	Saved        SavedQuote
	SavedQuoteID string
}

// QuoteForRMA opens the quote an out-of-warranty RMA is paid through; joins the transaction ctx
// carries. With r.SavedQuoteID it takes over the caller's open saved quote of the same serial
// and ties it to the RMA: another owner's, an unknown one or one of another serial is
// ErrQuoteNotFound; a paid, cancelled or expired one the Transition sentinel; one another RMA
// took over ErrQuoteChanged. Without, it opens a new KindRepair quote.
func (c *Checkout) QuoteForRMA(ctx context.Context, r RMAQuote) (Quote, error) {
	if r.RMANumber == "" {
		return Quote{}, errors.New("payments: a quote for an RMA needs the RMA's number")
	}
	if r.SavedQuoteID == "" {
		q, err := c.newQuote(KindRepair, r.Owner, r.Org, r.Serial, r.RMANumber, r.Amount, r.Saved)
		if err != nil {
			return Quote{}, err
		}
		if err := c.d.Store.CreateQuote(ctx, q); err != nil {
			return Quote{}, err
		}
		c.d.Log.InfoContext(ctx, "repair quote opened", "quote", q.ID, "rma", q.RMANumber, "amount", q.Amount.String())
		return q, nil
	}
	q, err := c.ownQuote(ctx, r.Owner, r.SavedQuoteID)
	if err != nil {
		return Quote{}, err
	}
	if q.Kind != KindSaved || q.Serial != r.Serial {
		return Quote{}, ErrQuoteNotFound
	}
	now := c.now()
	if _, err := q.Transition(StatusPaid, now); err != nil {
		return Quote{}, err
	}
	if q.RMANumber != "" {
		return Quote{}, ErrQuoteChanged
	}
	if err := c.d.Store.AttachRMA(ctx, q.ID, r.RMANumber, now); err != nil {
		return Quote{}, err
	}
	q.RMANumber, q.UpdatedAt = r.RMANumber, now
	c.d.Log.InfoContext(ctx, "saved quote taken over", "quote", q.ID, "rma", q.RMANumber)
	return q, nil
}

// QuoteOfRMA returns owner's quote of rmaNumber (ErrQuoteNotFound when there is none).
func (c *Checkout) QuoteOfRMA(ctx context.Context, owner, rmaNumber string) (Quote, error) {
	return c.d.Store.QuoteOfRMA(ctx, owner, rmaNumber)
}

// SettleRMA makes sure the quote of owner's RMA rmaNumber is paid. A paid quote (any method) is
// returned as it is; an open one with a PayPal order is captured (idempotently) and marked paid,
// with the receipt. token, when not empty, must be the stored order id (ErrNotFound otherwise).
// No quote is ErrQuoteNotFound; an open quote without an order ErrNotApproved; a declined capture
// ErrDeclined, the quote staying open so the payer can approve the order again.
func (c *Checkout) SettleRMA(ctx context.Context, owner, rmaNumber, token string) (Quote, error) {
	q, err := c.d.Store.QuoteOfRMA(ctx, owner, rmaNumber)
	if err != nil {
		return Quote{}, err
	}
	return c.settle(ctx, q, token)
}

// CancelForRMA cancels the open quote of owner's RMA rmaNumber; joins the transaction ctx
// carries. A paid quote is ErrAlreadyPaid; no quote, or one already cancelled or expired, leaves
// nothing to cancel.
func (c *Checkout) CancelForRMA(ctx context.Context, owner, rmaNumber string) error {
	return c.cancelOpen(ctx, func() (Quote, error) { return c.d.Store.QuoteOfRMA(ctx, owner, rmaNumber) })
}
