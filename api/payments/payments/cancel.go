package payments

import (
	"context"
	"errors"
)

// cancelOpen cancels the open quote read returns (none, cancelled or expired: nothing to do; paid:
// ErrAlreadyPaid); a change that lost a race reads the quote again and answers for what it became.
func (c *Checkout) cancelOpen(ctx context.Context, read func() (Quote, error)) error {
	q, err := read()
	if errors.Is(err, ErrQuoteNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	next, err := q.Transition(StatusCancelled, c.now())
	switch {
	case errors.Is(err, ErrQuoteCancelled), errors.Is(err, ErrQuoteExpired):
		return nil
	case err != nil:
		return err
	}
	if err := c.d.Store.SetQuoteStatus(ctx, next, StatusOpen); errors.Is(err, ErrQuoteChanged) {
		// Paid (or cancelled) meanwhile: answer as for what it became.
		return c.cancelOpen(ctx, read)
	} else if err != nil {
		return err
	}
	c.d.Log.InfoContext(ctx, "quote cancelled", "quote", q.ID, "rma", q.RMANumber, "order", q.OrderID)
	return nil
}
