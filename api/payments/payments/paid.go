package payments

import (
	"context"
	"time"
)

// settlement is what an attempt to move a quote to paid came to.
type settlement struct {
	// quote is the quote as stored after the write.
	quote Quote
	// won reports whether this write paid it.
	won bool
	// refund is the money of a write that lost (the quote was paid by another payment, cancelled
	// or expired meanwhile), recorded to go back: refundNow it once the transaction commits.
	refund *Refund
}

// answer is what the payer is told: the paid quote — paid by this payment or by another one,
// whose duplicate goes back — or why it is not paid.
func (s settlement) answer(now time.Time) (Quote, error) {
	if s.quote.Status == StatusPaid {
		return s.quote, nil
	}
	if _, err := s.quote.Transition(StatusPaid, now); err != nil {
		return Quote{}, err
	}
	return Quote{}, ErrQuoteChanged
}

// markPaid moves q to paid with p in one conditional write, joining the transaction ctx
// carries. The write that wins queues the receipt in the same transaction; one that loses
// records the money p took, if any, as a refund (settlement.refund), since the quote no longer
// takes it.
func (c *Checkout) markPaid(ctx context.Context, q Quote, p Payment) (settlement, error) {
	var s settlement
	err := c.d.Tx.InTx(ctx, func(ctx context.Context) error {
		// The conditional write comes first: on SQLite a transaction that has only read cannot
		// take the write lock once another writer committed.
		var err error
		if s.won, err = c.d.Store.MarkPaid(ctx, q.ID, p); err != nil {
			return err
		}
		if s.quote, err = c.d.Store.QuoteByID(ctx, q.ID); err != nil {
			return err
		}
		if s.won {
			return c.queueReceipt(ctx, s.quote)
		}
		s.refund, err = c.recordSurplus(ctx, s.quote, p)
		return err
	})
	if err != nil {
		return settlement{}, err
	}
	if s.won {
		c.d.Log.InfoContext(ctx, "quote paid", "quote", s.quote.ID, "rma", s.quote.RMANumber, "order", s.quote.OrderID,
			"method", string(p.Method), "amount", s.quote.Amount.String())
	}
	return s, nil
}
