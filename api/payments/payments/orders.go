package payments

import (
	"context"
	"errors"
	"rugged.example/portal/api/pkg/money"
	"strings"
)

// The parts service's checkout pays a parts order (a batch of parts, rmaBatchId PB-nnnnnn)
// through a quote of kind parts tied to the order, as the repair service pays an
// out-of-warranty RMA through its repair quote: the quote is opened in the order's
// transaction, paid by purchase order in it or by PayPal after it, and cancelled with the order.

// OrderQuote is the quote a parts order is paid through: its owner, the organization it was
// placed under, the order and the server's total, and who the receipt goes to.
type OrderQuote struct {
	Owner, Org, OrderID string
	Amount              money.Money
	Address             QuoteAddress
	Contact             QuoteContact
}

// QuoteForOrder opens the parts quote of a new order; joins the transaction ctx carries.
func (c *Checkout) QuoteForOrder(ctx context.Context, r OrderQuote) (Quote, error) {
	if strings.TrimSpace(r.OrderID) == "" {
		return Quote{}, errors.New("payments: a quote for a parts order needs the order's id")
	}
	q, err := c.newQuote(KindParts, r.Owner, r.Org, "", "", r.Amount, SavedQuote{
		Shipping: QuoteShipping{Address: r.Address, Contact: r.Contact},
	})
	if err != nil {
		return Quote{}, err
	}
	q.OrderID = r.OrderID
	if err := c.d.Store.CreateQuote(ctx, q); err != nil {
		return Quote{}, err
	}
	c.d.Log.InfoContext(ctx, "parts order quote opened", "quote", q.ID, "order", q.OrderID, "amount", q.Amount.String())
	return q, nil
}

// QuoteOfOrder returns owner's quote of the parts order orderID (ErrQuoteNotFound when there
// is none, or it is another owner's).
func (c *Checkout) QuoteOfOrder(ctx context.Context, owner, orderID string) (Quote, error) {
	return c.d.Store.QuoteOfOrder(ctx, owner, orderID)
}

// SettleOrder makes sure the quote of owner's parts order is paid, as SettleRMA does for an RMA:
// a paid quote as it is; an open one with an approved PayPal order captured and marked paid,
// with the receipt (token, when not empty, must be the stored order id).
func (c *Checkout) SettleOrder(ctx context.Context, owner, orderID, token string) (Quote, error) {
	q, err := c.d.Store.QuoteOfOrder(ctx, owner, orderID)
	if err != nil {
		return Quote{}, err
	}
	return c.settle(ctx, q, token)
}

// CancelForOrder cancels the open quote of owner's parts order; joins the transaction ctx
// carries. A paid quote is ErrAlreadyPaid; none, or one already cancelled or expired, leaves
// nothing to cancel.
func (c *Checkout) CancelForOrder(ctx context.Context, owner, orderID string) error {
	return c.cancelOpen(ctx, func() (Quote, error) { return c.d.Store.QuoteOfOrder(ctx, owner, orderID) })
}
