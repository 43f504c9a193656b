package parts

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/mail"
	"rugged.example/portal/api/pkg/sweep"
	"rugged.example/portal/api/rma/rma"
)

// DefaultAbandonAfter is how long a card order may await its payment after its last change
// (placed, or its payment resumed) before the sweeper cancels it (PAYMENT_ABANDON_AFTER).
const DefaultAbandonAfter = 24 * time.Hour

// abandonBatch is how many abandoned orders one pass of the sweeper reads at a time.
const abandonBatch = 50

// UnpaidOrderStore is what the sweeper needs of the orders' store; partsdb implements it. Every
// method joins the transaction ctx carries.
type UnpaidOrderStore interface {
	// UnpaidOrders lists up to limit orders awaiting their payment last changed at or before
	// cutoff, oldest first.
	UnpaidOrders(ctx context.Context, cutoff time.Time, limit int) ([]Order, error)
	// CancelUnpaidOrder moves id from awaiting payment to cancelled at at, if it was last
	// changed at or before cutoff, and reports whether it did: of two concurrent callers one
	// gets true, and none does after the payment was resumed.
	CancelUnpaidOrder(ctx context.Context, id string, cutoff, at time.Time) (bool, error)
}

// OrderQuotes cancels an order's quote; the orders' Payments port implements it.
type OrderQuotes interface {
	// CancelForOrder cancels the open quote of owner's order; a paid one answers ErrOrderPaid.
	// Joins the transaction.
	CancelForOrder(ctx context.Context, owner, orderID string) error
}

// PaidOrders places an order whose quote is paid; *Orders implements it.
type PaidOrders interface {
	QuotePaid(ctx context.Context, id string) error
}

// AbandonedOrders cancels the card orders nobody paid: the parts service runs it in the
// background, in every process at once.
type AbandonedOrders struct {
	Store  UnpaidOrderStore
	Quotes OrderQuotes
	Paid   PaidOrders
	Mail   Mailer
	Tx     db.Transactor
	Log    *slog.Logger
	Now    func() time.Time
}

// errOrderPaidMeanwhile rolls back the cancellation of an order whose quote turns out paid.
var errOrderPaidMeanwhile = errors.New("parts: the abandoned order's quote is paid")

// Cancel cancels every card order awaiting its payment last changed more than after ago (the
// default when after is 0): each in one transaction with its quote and the customer's e-mail.
// An order whose quote turns out to be paid (a webhook's payment) is placed instead. The
// conditional update lets one of several processes cancel each order, and an order whose
// payment was resumed meanwhile is kept. It answers how many orders it cancelled.
func (a *AbandonedOrders) Cancel(ctx context.Context, after time.Duration) (int, error) {
	if after <= 0 {
		after = DefaultAbandonAfter
	}
	now := a.Now().UTC().Truncate(time.Microsecond)
	cutoff := now.Add(-after)
	return sweep.Pass(ctx, abandonBatch,
		func(ctx context.Context, limit int) ([]Order, error) { return a.Store.UnpaidOrders(ctx, cutoff, limit) },
		func(ctx context.Context, o Order) (bool, error) { return a.cancel(ctx, o, cutoff, now, after) })
}

// cancel cancels o with its quote and e-mails its customer, or places it when its quote is
// paid; it answers whether it cancelled it.
func (a *AbandonedOrders) cancel(ctx context.Context, o Order, cutoff, now time.Time, after time.Duration) (bool, error) {
	var won bool
	err := a.Tx.InTx(ctx, func(ctx context.Context) error {
		var err error
		if won, err = a.Store.CancelUnpaidOrder(ctx, o.ID, cutoff, now); err != nil || !won {
			return err
		}
		err = a.Quotes.CancelForOrder(ctx, o.Owner, o.ID)
		if errors.Is(err, ErrOrderPaid) {
			return errOrderPaidMeanwhile
		}
		if err != nil {
			return err
		}
		to := strings.TrimSpace(o.Contact.Email)
		if to == "" {
			return nil
		}
		return a.Mail.Enqueue(ctx, abandonedMail(o, to, after))
	})
	switch {
	case errors.Is(err, errOrderPaidMeanwhile):
		a.Log.WarnContext(ctx, "an unpaid parts order's quote was paid; the order is placed", "order", o.ID)
		return false, a.Paid.QuotePaid(ctx, o.ID)
	case err != nil:
		return false, err
	case won:
		a.Log.InfoContext(ctx, "abandoned parts order cancelled", "order", o.ID, "waited", after.String())
	}
	return won, nil
}

func abandonedMail(o Order, to string, after time.Duration) mail.Message {
	var b strings.Builder
	b.WriteString(mail.Greeting(o.Contact.FirstName))
	fmt.Fprintf(&b, "your parts order %s (%s) waited %s for its payment, which was not completed, so we have cancelled it.\n",
		o.ID, o.Total, rma.Wait(after))
	b.WriteString("Nothing was charged. The parts are still in your cart: you can order them again from the checkout.\n")
	b.WriteString("\nThank you,\nRugged Devices Service\n")
	return mail.Message{To: []string{to}, Subject: "Your parts order " + o.ID + " was cancelled: payment not completed", Text: b.String()}
}
