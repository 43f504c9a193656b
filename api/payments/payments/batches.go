package payments

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/money"
)

// The batch service (an RMA batch, BT-…, api/batch) pays the out-of-warranty rows of a batch
// through ONE quote of kind batch tied to the batch, as the parts service pays a parts order: the
// quote is opened in the batch's transaction, paid by purchase order in it or by PayPal after it
// (or later from the batch's page, within the quote's 30 days), and, while unpaid, cancelled and
// issued again for a new total when the owner removes rows. It is never listed and never paid on
// a pay-quote page, and Authorize.net's hosted form is not offered for it.

// ErrBatchQuoteNotPayable is a batch quote on a pay-quote page or Authorize.net's form: it is
// paid on its batch's page, by purchase order or PayPal. Its id is ErrQuoteNotPayable's.
var ErrBatchQuoteNotPayable = fault.New(fault.KindConflict, "payments.quoteNotPayable",
	"This quote pays an RMA batch. Pay it on the batch's page under Your account, by purchase order or PayPal.")

// BatchQuote is the combined quote of an RMA batch: its owner, the organization the batch was
// submitted under, the batch, the sum of its out-of-warranty rows' prices (the server's), and
// who the receipt goes to.
type BatchQuote struct {
	Owner, Org, BatchID string
	Amount              money.Money
	// Contact is the batch's contact: the receipt (and any refund's e-mail) goes to them.
	Contact QuoteContact
}

// maxBatchID is the stored column's width; a batch id is "BT-" and 8 characters.
const maxBatchID = 20

// QuoteForBatch opens a new quote of the batch, valid QuoteValidity; joins the transaction ctx
// carries. A batch has one quote that can be paid at a time: while it has an open one (not
// expired) or a paid one, another is ErrQuoteChanged (two row removals racing: the batch is
// read again). The caller cancels the open one first (CancelForBatch) to issue a new total.
func (c *Checkout) QuoteForBatch(ctx context.Context, r BatchQuote) (Quote, error) {
	r.BatchID = strings.TrimSpace(r.BatchID)
	if !strings.HasPrefix(r.BatchID, "BT-") || len(r.BatchID) > maxBatchID {
		return Quote{}, fmt.Errorf("payments: a batch quote needs the batch's id (BT-…), not %q", r.BatchID)
	}
	q, err := c.newQuote(KindBatch, r.Owner, r.Org, "", "", r.Amount, SavedQuote{
		Shipping: QuoteShipping{Contact: r.Contact},
	})
	if err != nil {
		return Quote{}, err
	}
	q.BatchID = r.BatchID
	prior, err := c.d.Store.QuoteOfBatch(ctx, r.Owner, r.BatchID)
	switch {
	case errors.Is(err, ErrQuoteNotFound):
	case err != nil:
		return Quote{}, err
	case prior.StatusAt(c.d.Now()) == StatusOpen, prior.Status == StatusPaid:
		return Quote{}, fmt.Errorf("%w: batch %s has quote %s %s", ErrQuoteChanged, r.BatchID, prior.ID, prior.Status)
	}
	if err := c.d.Store.CreateQuote(ctx, q); err != nil {
		return Quote{}, err
	}
	c.d.Log.InfoContext(ctx, "batch quote opened", "quote", q.ID, "batch", q.BatchID, "amount", q.Amount.String())
	return q, nil
}

// QuoteOfBatch returns owner's latest quote of the batch batchID that is not cancelled, with its
// status as stored (StatusAt tells an expiry that has come); ErrQuoteNotFound when there is none
// (no out-of-warranty row, every row removed, or another owner's batch).
func (c *Checkout) QuoteOfBatch(ctx context.Context, owner, batchID string) (Quote, error) {
	return c.d.Store.QuoteOfBatch(ctx, owner, strings.TrimSpace(batchID))
}

// SettleBatch makes sure the quote of owner's batch is paid, as SettleRMA does for an RMA: a paid
// quote as it is; an open one with an approved PayPal order captured and marked paid, with the
// receipt (token, when not empty, must be the stored order id). ErrNotApproved without an
// approved order; ErrDeclined leaves it open for a new approval. The Fulfiller is not told: the
// caller moves the batch on itself.
func (c *Checkout) SettleBatch(ctx context.Context, owner, batchID, token string) (Quote, error) {
	q, err := c.QuoteOfBatch(ctx, owner, batchID)
	if err != nil {
		return Quote{}, err
	}
	return c.settle(ctx, q, token)
}

// CancelForBatch cancels the open quote of owner's batch; joins the transaction ctx carries. A
// paid quote is ErrAlreadyPaid; none, or one expired, leaves nothing to cancel. Money that
// reaches a provider for it afterwards is given back (quote_cancelled).
func (c *Checkout) CancelForBatch(ctx context.Context, owner, batchID string) error {
	return c.cancelOpen(ctx, func() (Quote, error) { return c.QuoteOfBatch(ctx, owner, batchID) })
}

// ExpireForBatch writes down the expiry of the open quote of owner's batch once its time has
// come, and returns it expired; joins the transaction ctx carries, so the batch fails its unpaid
// rows in the same transaction. The write is conditional on the quote being open, like every
// payment's: of a payment and the expiry racing, one wins. A payment that won is ErrAlreadyPaid
// (the batch goes on as paid); a quote whose time has not come ErrQuoteNotExpired; none
// ErrQuoteNotFound. A quote written down expired already is returned as it is. Money that reaches
// a provider for it afterwards is given back (quote_expired).
func (c *Checkout) ExpireForBatch(ctx context.Context, owner, batchID string) (Quote, error) {
	q, err := c.QuoteOfBatch(ctx, owner, batchID)
	if err != nil {
		return Quote{}, err
	}
	if q.Status == StatusExpired {
		return q, nil
	}
	next, err := q.Transition(StatusExpired, c.now())
	if err != nil {
		return Quote{}, err
	}
	if err := c.d.Store.SetQuoteStatus(ctx, next, StatusOpen); errors.Is(err, ErrQuoteChanged) {
		// Paid or cancelled meanwhile (a quote changes once): answer for what it became.
		return c.ExpireForBatch(ctx, owner, batchID)
	} else if err != nil {
		return Quote{}, err
	}
	c.d.Log.InfoContext(ctx, "batch quote expired", "quote", q.ID, "batch", q.BatchID)
	return next, nil
}
