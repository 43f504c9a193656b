package rma

import (
	"context"
	"log/slog"
	"strings"
	"time"

	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/fault"
)

// ErrBadTransition refuses a move the table does not allow, including a move a concurrent
// caller made first.
var ErrBadTransition = fault.New(fault.KindConflict, "rma.badTransition", "This RMA cannot move to that status from its current one.")

// ErrAwaitsPayment refuses staff's move of an RMA that waits for its payment: only the payment
// releases it (its label is issued then) and only its customer cancels it (with its quote).
var ErrAwaitsPayment = fault.New(fault.KindConflict, "rma.awaitsPayment", "This RMA waits for its payment: it moves once paid, or when its customer cancels it.")

// LifecycleStore is what moving RMAs needs from persistence. Every method joins the transaction
// its ctx carries.
type LifecycleStore interface {
	// LockRMA takes the RMA's row for the transaction, whoever owns it, and returns it as
	// committed: a concurrent transaction that locks it waits for this one. ErrRMANotFound for
	// an unknown number.
	LockRMA(ctx context.Context, number string) (RMA, error)
	// RMAByNumber returns an owner's RMA; another owner's number answers ErrRMANotFound.
	RMAByNumber(ctx context.Context, owner, number string) (RMA, error)
	SetStatus(ctx context.Context, owner, number string, from, to Status) (bool, error)
	SetReturnTracking(ctx context.Context, number, tracking string) error
	CloseUnitRMA(ctx context.Context, serial, number string) error
	AddEvent(ctx context.Context, e Event) error
	// Timeline lists an RMA's events, oldest first.
	Timeline(ctx context.Context, number string) ([]Event, error)
	AddRepairWork(ctx context.Context, number string, w RepairWork) error
}

// Lifecycle moves RMAs through their statuses after creation and reads their timelines.
type Lifecycle struct {
	Store LifecycleStore
	Tx    db.Transactor
	// Mail queues the customer's e-mail in the transaction that moves the RMA.
	Mail  Mailer
	Units Unfreezer
	// Promises keeps the promised ship-back date in step with each move (set on RECEIVED, on
	// hold in QUOTE_PENDING); nil promises nothing.
	Promises *Promises
	Log      *slog.Logger
	Now      func() time.Time
}

// Advance moves the RMA a.Number to a.Status for staff, whoever owns it: the move, its event,
// the return tracking number, the repair work and the customer's e-mail commit together, and
// of two concurrent moves of one RMA only the first happens (the second finds the status moved
// and answers ErrBadTransition). An RMA that ends frees its unit for a new RMA. An RMA awaiting
// its payment answers ErrAwaitsPayment: Release and Cancel move it.
func (l *Lifecycle) Advance(ctx context.Context, a Advance) (RMA, error) {
	a.trim()
	if err := a.validate(); err != nil {
		return RMA{}, err
	}
	var rec RMA
	err := l.Tx.InTx(ctx, func(ctx context.Context) error {
		var err error
		if rec, err = l.Store.LockRMA(ctx, a.Number); err != nil {
			return err
		}
		if rec.Status == StatusAwaitingPayment {
			return ErrAwaitsPayment
		}
		return l.move(ctx, &rec, a)
	})
	if err != nil {
		return RMA{}, err
	}
	l.ended(ctx, rec)
	return rec, nil
}

// EventWorkRecorded is repair work recorded on an RMA that a paid quote moved to REPAIRING.
const EventWorkRecorded EventKind = "work_recorded"

// RecordWork records staff's repair work on an RMA that a paid quote moved to REPAIRING, with its
// event, without a move; joins the transaction ctx carries. An RMA elsewhere answers
// ErrBadTransition.
func (l *Lifecycle) RecordWork(ctx context.Context, number, actor string, w RepairWork) (RMA, error) {
	var rec RMA
	err := l.Tx.InTx(ctx, func(ctx context.Context) error {
		var err error
		if rec, err = l.Store.LockRMA(ctx, strings.ToUpper(strings.TrimSpace(number))); err != nil {
			return err
		}
		if rec.Status != StatusRepairing {
			return ErrBadTransition
		}
		now := l.Now().UTC()
		w.At, w.Actor, w.Status = now, actor, StatusRepairing
		if err := l.Store.AddRepairWork(ctx, rec.Number, w); err != nil {
			return err
		}
		return l.Store.AddEvent(ctx, Event{RMANumber: rec.Number, At: now, Kind: EventWorkRecorded, Actor: actor, Detail: "Repair work recorded"})
	})
	return rec, err
}

// ServiceQuotePaid moves the RMA a paid service quote is for from diagnosis or its pending
// quote to repair, as the system. An RMA elsewhere (staff moved it on already) only notes the
// payment: the money changes nothing staff decided.
func (l *Lifecycle) ServiceQuotePaid(ctx context.Context, number, detail string) error {
	return l.Tx.InTx(ctx, func(ctx context.Context) error {
		rec, err := l.Store.LockRMA(ctx, number)
		if err != nil {
			return err
		}
		if rec.Status != StatusDiagnosing && rec.Status != StatusQuotePending {
			return l.Store.AddEvent(ctx, Event{RMANumber: number, At: l.Now().UTC(), Kind: EventServiceQuotePaid, Actor: ActorSystem, Detail: detail})
		}
		return l.move(ctx, &rec, Advance{Number: number, Status: StatusRepairing, Actor: ActorSystem, Note: detail})
	})
}

// ServiceQuoteIssued moves a diagnosed RMA to its pending quote when staff (actor) issue its
// service quote, joining the quote's transaction. A quote for an RMA elsewhere (more work on a
// unit being repaired) moves nothing.
func (l *Lifecycle) ServiceQuoteIssued(ctx context.Context, number, actor, detail string) error {
	return l.Tx.InTx(ctx, func(ctx context.Context) error {
		rec, err := l.Store.LockRMA(ctx, number)
		if err != nil || rec.Status != StatusDiagnosing {
			return err
		}
		return l.move(ctx, &rec, Advance{Number: number, Status: StatusQuotePending, Actor: actor, Note: detail})
	})
}

// move applies a to rec, whose row the transaction ctx carries has locked.
func (l *Lifecycle) move(ctx context.Context, rec *RMA, a Advance) error {
	from := rec.Status
	if !CanMove(rec.Type, from, a.Status) {
		return ErrBadTransition
	}
	// Under the lock the condition holds; the conditional update keeps the move single even
	// for a store whose lock is weaker.
	won, err := l.Store.SetStatus(ctx, rec.Owner, rec.Number, from, a.Status)
	if err != nil {
		return err
	}
	if !won {
		return ErrBadTransition
	}
	rec.Status = a.Status
	now := l.Now().UTC()
	if a.ReturnTracking != "" {
		if err := l.Store.SetReturnTracking(ctx, rec.Number, a.ReturnTracking); err != nil {
			return err
		}
		rec.ReturnTrackingNumber = a.ReturnTracking
	}
	if !a.Work.empty() {
		w := a.Work
		w.At, w.Actor, w.Status = now, a.Actor, a.Status
		if err := l.Store.AddRepairWork(ctx, rec.Number, w); err != nil {
			return err
		}
	}
	if a.Status.Ends() {
		if err := l.Store.CloseUnitRMA(ctx, rec.Serial, rec.Number); err != nil {
			return err
		}
	}
	// The promise's event goes first, so the move stays the timeline's last entry (the
	// dashboard and the quote read the latest status from it).
	if l.Promises != nil {
		if err := l.Promises.moved(ctx, rec, from, now, a.Actor); err != nil {
			return err
		}
	}
	err = l.Store.AddEvent(ctx, Event{
		RMANumber: rec.Number, At: now, Kind: MoveEvent(from, a.Status), Status: a.Status, Actor: a.Actor, Note: a.Note,
		Detail: MovedDetail(from, a.Status),
	})
	if err != nil {
		return err
	}
	subject, ok := customerSubjects[a.Status]
	if !ok {
		return nil
	}
	return l.Mail.Enqueue(ctx, rec.Contact.Email, "RMA "+rec.Number+": "+subject, statusText(*rec, a.Note))
}

// ended drops, after the commit, the cached copy of a unit whose RMA ended: it still names
// the RMA.
func (l *Lifecycle) ended(ctx context.Context, rec RMA) {
	if !rec.Status.Ends() {
		return
	}
	if err := l.Units.ForgetUnit(ctx, rec.Serial); err != nil {
		l.Log.WarnContext(ctx, "unit cache not cleared", "serial", rec.Serial, "err", err)
	}
}

// Timeline lists the owner's RMA's events, oldest first; another's number answers
// ErrRMANotFound.
func (l *Lifecycle) Timeline(ctx context.Context, owner, number string) ([]Event, error) {
	if _, err := l.Store.RMAByNumber(ctx, owner, number); err != nil {
		return nil, err
	}
	return l.Store.Timeline(ctx, number)
}
