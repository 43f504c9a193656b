package rma

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
)

// An RMA awaiting its payment holds its unit ('RMA Already Exists For This Unit') until it is
// paid (Release) or cancelled. A customer who left the provider's page without paying comes
// back to it (AwaitingPayment finds it by its unit) and pays again (RenewPaymentAttempt) or
// cancels it (Cancel); one nobody comes back to is cancelled by the system once its last
// payment attempt is older than the abandon time (Unpaid, CancelUnpaid), which frees the unit.

// UnpaidStore is what RMAs awaiting their payment need from persistence, beside the rest of
// RMAStore. Every method joins the transaction its ctx carries.
type UnpaidStore interface {
	// RenewPaymentAttempt records at as the last payment attempt of owner's RMA number if it
	// still awaits its payment, and reports whether it did.
	RenewPaymentAttempt(ctx context.Context, owner, number string, at time.Time) (bool, error)
	// UnpaidSince lists up to limit RMAs awaiting their payment whose last attempt was at or
	// before cutoff, oldest attempt first.
	UnpaidSince(ctx context.Context, cutoff time.Time, limit int) ([]RMA, error)
	// CancelUnpaid moves number from awaiting payment to cancelled if its last attempt is still
	// at or before cutoff, and reports whether it did: of two concurrent callers one gets true,
	// and none does after a renewal.
	CancelUnpaid(ctx context.Context, number string, cutoff time.Time) (bool, error)
}

// Unit returns the registry's unit serial as stored (model family included, which an RMA does
// not keep), bypassing caches.
func (c *Creator) Unit(ctx context.Context, serial string) (Unit, error) {
	return c.Store.UnitBySerial(ctx, serial)
}

// AwaitingPayment returns owner's RMA that awaits its payment and holds the unit serial: the
// RMA the unit's card means by 'RMA Already Exists For This Unit'. A free unit, an unknown
// serial, another customer's RMA and an RMA past its payment all answer ErrRMANotFound, so the
// answer says nothing of anyone else's RMA.
func (c *Creator) AwaitingPayment(ctx context.Context, owner string, serial Serial) (RMA, error) {
	unit, err := c.Store.UnitBySerial(ctx, serial.String())
	switch {
	case errors.Is(err, ErrUnitNotFound):
		return RMA{}, ErrRMANotFound
	case err != nil:
		return RMA{}, err
	case owner == "" || unit.OpenRMANumber == "":
		return RMA{}, ErrRMANotFound
	}
	rec, err := c.Store.RMAByNumber(ctx, owner, unit.OpenRMANumber)
	if err != nil {
		return RMA{}, err
	}
	if rec.Status != StatusAwaitingPayment {
		return RMA{}, ErrRMANotFound
	}
	return rec, nil
}

// RenewPaymentAttempt restarts the abandon clock of owner's RMA number as its customer starts
// paying it again, and returns the RMA. One past its payment is returned as it is (the caller
// processes it); a cancelled one answers ErrRMACancelled, another owner's ErrRMANotFound.
func (c *Creator) RenewPaymentAttempt(ctx context.Context, owner, number string) (RMA, error) {
	renewed, err := c.Store.RenewPaymentAttempt(ctx, owner, number, c.Now().UTC())
	if err != nil {
		return RMA{}, err
	}
	rec, err := c.Store.RMAByNumber(ctx, owner, number)
	if err != nil {
		return RMA{}, err
	}
	if !renewed && rec.Status == StatusCancelled {
		return RMA{}, ErrRMACancelled
	}
	return rec, nil
}

// Unpaid lists up to limit RMAs awaiting their payment whose customer last started paying at
// or before cutoff, oldest first.
func (c *Creator) Unpaid(ctx context.Context, cutoff time.Time, limit int) ([]RMA, error) {
	return c.Store.UnpaidSince(ctx, cutoff, limit)
}

// CancelUnpaid cancels rec, an RMA Unpaid listed, as the system, joining the transaction ctx
// carries so that its quote is cancelled with it: the status, the unit freed for a new RMA,
// the timeline's event and the customer's e-mail saying it waited longer than waited. It
// reports false, writing nothing, for an RMA no longer due (paid, cancelled or paid again since
// it was listed). After the commit the caller tells Cancelled.
func (c *Creator) CancelUnpaid(ctx context.Context, rec RMA, cutoff time.Time, waited time.Duration) (bool, error) {
	var won bool
	err := c.Tx.InTx(ctx, func(ctx context.Context) error {
		var err error
		if won, err = c.Store.CancelUnpaid(ctx, rec.Number, cutoff); err != nil || !won {
			return err
		}
		if err := c.Store.CloseUnitRMA(ctx, rec.Serial, rec.Number); err != nil {
			return err
		}
		detail := "Cancelled by the portal: the payment was not completed within " + Wait(waited)
		if err := c.Store.AddEvent(ctx, c.event(rec.Number, MoveEvent(StatusAwaitingPayment, StatusCancelled), StatusCancelled, ActorSystem, detail)); err != nil {
			return err
		}
		return c.Mail.Enqueue(ctx, rec.Contact.Email, "RMA "+rec.Number+" cancelled: payment not completed", unpaidText(rec, waited))
	})
	return won, err
}

func unpaidText(rec RMA, waited time.Duration) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Hello %s,\n\n", rec.Contact.FirstName)
	fmt.Fprintf(&b, "your %s %s for unit %s (%s) waited %s for its payment, which was not completed, so we have cancelled it.\n",
		requestKind(rec.Type), rec.Number, rec.Serial, rec.Model, Wait(waited))
	b.WriteString("Nothing was charged. The unit is free again: to send it in, open a new RMA for its serial number.\n")
	b.WriteString("\nThank you,\nRugged Devices Service\n")
	return b.String()
}

// Wait says d the way a customer reads it: "24 hours", "2 days", "90 minutes".
func Wait(d time.Duration) string {
	plural := func(n int64, unit string) string {
		if n == 1 {
			return "1 " + unit
		}
		return fmt.Sprintf("%d %ss", n, unit)
	}
	const day = 24 * time.Hour
	switch {
	case d >= 2*day && d%day == 0:
		return plural(int64(d/day), "day")
	case d >= time.Hour && d%time.Hour == 0:
		return plural(int64(d/time.Hour), "hour")
	case d >= time.Minute:
		return plural(int64(d/time.Minute), "minute")
	}
	return plural(int64(d/time.Second), "second")
}
