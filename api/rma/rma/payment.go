package rma

import (
	"context"

	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/idempotency"
	"rugged.example/portal/api/pkg/money"
)

// The refusals of the paid path (spec §4 "Repair creation"). Messages are shown as they are.
var (
	// ErrPaymentNotNeeded is a unit in warranty or with the out-of-warranty override: its RMA is
	// submitted directly (Create), never paid for.
	ErrPaymentNotNeeded = fault.New(fault.KindConflict, "rma.paymentNotNeeded", "This unit does not need a payment: submit the RMA instead.")
	// ErrRMACancelled is an RMA that was cancelled before it was paid.
	ErrRMACancelled = fault.New(fault.KindConflict, "rma.cancelled", "This RMA was cancelled.")
	// ErrNotCancellable is an RMA past its payment: the customer asks support instead.
	ErrNotCancellable = fault.New(fault.KindConflict, "rma.notCancellable", "This RMA is paid and can no longer be cancelled here. Please contact support.")
)

// Prepared is an out-of-warranty request that passed every rule of Create: priced by the
// server, its credentials sealed, not stored yet.
type Prepared struct {
	// RMA is what OpenAwaitingPayment stores, without its number.
	RMA  RMA
	Unit Unit
}

// Price is the server's price of the chosen problem, before any discount.
func (p Prepared) Price() money.Money { return p.RMA.ProblemPrice }

// PrepareOutOfWarranty applies every rule of Create to r and prices it; a repair of a unit in
// warranty or with the override answers ErrPaymentNotNeeded, since its RMA needs no payment. An
// upgrade is always paid, whatever the warranty. Nothing is stored.
func (c *Creator) PrepareOutOfWarranty(ctx context.Context, r CreateRequest) (Prepared, error) {
	r.Trim()
	unit, err := c.unitForNewRMA(ctx, r.Serial, r.RMAType)
	if err != nil {
		return Prepared{}, err
	}
	if r.RMAType != RMATypeUpgrade && !c.needsPayment(unit) {
		return Prepared{}, ErrPaymentNotNeeded
	}
	return c.prepare(ctx, r, unit, StatusAwaitingPayment, "")
}

// OpenAwaitingPayment stores p as an RMA awaiting its payment (number, lines, idempotency key,
// the unit marked, the attachments claimed, the "created" event), joining the transaction ctx
// carries so the RMA and its quote commit together. No label yet: Release issues it once the
// payment is in. After the commit the caller tells Opened. ErrDuplicateRequest means the
// owner's key opened an RMA already (RMAForKey finds it).
func (c *Creator) OpenAwaitingPayment(ctx context.Context, p Prepared, idempotencyKey idempotency.Key) (RMA, error) {
	rec := p.RMA
	err := c.Tx.InTx(ctx, func(ctx context.Context) error { return c.insert(ctx, &rec, p.Unit, idempotencyKey) })
	if err != nil {
		return RMA{}, err
	}
	return rec, nil
}

// RMAForKey returns the RMA the owner's idempotency key opened, if any.
func (c *Creator) RMAForKey(ctx context.Context, owner string, idempotencyKey idempotency.Key) (RMA, bool, error) {
	created, ok, err := c.prior(ctx, owner, idempotencyKey)
	return created.RMA, ok, err
}

// RMA returns the owner's RMA number; anyone else's answers ErrRMANotFound.
func (c *Creator) RMA(ctx context.Context, owner, number string) (RMA, error) {
	return c.Store.RMAByNumber(ctx, owner, number)
}

// Release moves the owner's paid RMA from awaiting payment to awaiting the unit and then issues
// its label and queues its e-mail, exactly once however many callers release it at the same
// time (the customer's return from the provider, a webhook): the status changes by a
// conditional update, and only its winner ships, in the same transaction, so a caller that
// lost waits for the winner's commit and answers the RMA with its label. A late caller gets the
// RMA as stored. A cancelled RMA answers ErrRMACancelled; another owner's ErrRMANotFound.
func (c *Creator) Release(ctx context.Context, owner, number string) (RMA, error) {
	var rec RMA
	err := c.Tx.InTx(ctx, func(ctx context.Context) error {
		// The update comes first: it takes the row's lock before anything is read.
		won, err := c.Store.SetStatus(ctx, owner, number, StatusAwaitingPayment, StatusAwaitingUnit)
		if err != nil {
			return err
		}
		if rec, err = c.Store.RMAByNumber(ctx, owner, number); err != nil || !won {
			return err
		}
		unit, err := c.Store.UnitBySerial(ctx, rec.Serial)
		if err != nil {
			return err
		}
		if err := c.Store.AddEvent(ctx, c.event(number, MoveEvent(StatusAwaitingPayment, StatusAwaitingUnit), StatusAwaitingUnit, ActorSystem, ReleasedDetail)); err != nil {
			return err
		}
		return c.shipInTx(ctx, &rec, unit)
	})
	if err != nil {
		return RMA{}, err
	}
	if rec.Status == StatusCancelled {
		return RMA{}, ErrRMACancelled
	}
	return rec, nil
}

// Cancel cancels the owner's RMA that awaits its payment and frees its unit for a new RMA,
// joining the transaction ctx carries so the RMA and its quote are cancelled together. A
// cancelled RMA stays so (it is answered as it is); one past its payment answers
// ErrNotCancellable. After the commit the caller tells Cancelled.
func (c *Creator) Cancel(ctx context.Context, owner, number string) (RMA, error) {
	var rec RMA
	err := c.Tx.InTx(ctx, func(ctx context.Context) error {
		won, err := c.Store.SetStatus(ctx, owner, number, StatusAwaitingPayment, StatusCancelled)
		if err != nil {
			return err
		}
		if rec, err = c.Store.RMAByNumber(ctx, owner, number); err != nil {
			return err
		}
		if !won {
			if rec.Status == StatusCancelled {
				return nil
			}
			return ErrNotCancellable
		}
		if err := c.Store.CloseUnitRMA(ctx, rec.Serial, number); err != nil {
			return err
		}
		return c.Store.AddEvent(ctx, c.event(number, MoveEvent(StatusAwaitingPayment, StatusCancelled), StatusCancelled, owner, CancelledByCustomerDetail))
	})
	if err != nil {
		return RMA{}, err
	}
	return rec, nil
}

// Cancelled is told, after the commit, of an RMA a transaction cancelled: the unit's cached
// copy, which still names the RMA, is dropped.
func (c *Creator) Cancelled(ctx context.Context, rec RMA) {
	c.forgetUnit(ctx, rec.Serial)
}
