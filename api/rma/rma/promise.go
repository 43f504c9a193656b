package rma

import (
	"context"
	"errors"
	"strconv"
	"time"

	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/rma/promise"
)

// PromiseReason says why a promised ship-back date was set or moved. Its values are stored and
// read by staff.
type PromiseReason string

// The reasons of a promise's changes.
const (
	// PromiseReceived sets the first date: the unit arrived.
	PromiseReceived PromiseReason = "received"
	// PromiseAwaitingDecision stops the clock: a quote waits for the customer's decision.
	PromiseAwaitingDecision PromiseReason = "awaitingDecision"
	// PromiseDecisionMade restarts it, moving the date by the business days waited.
	PromiseDecisionMade PromiseReason = "decisionMade"
	// PromisePartsBackorder and PromiseStaffRevised are staff's revisions (Revise).
	PromisePartsBackorder PromiseReason = "partsBackorder"
	PromiseStaffRevised   PromiseReason = "staffRevised"
)

// revisionReasons are the reasons staff may give Revise.
var revisionReasons = map[PromiseReason]string{
	PromisePartsBackorder: "a part your unit needs is on backorder",
	PromiseStaffRevised:   "our service team revised the repair schedule",
}

// EventPromise is a timeline entry of the promised ship-back date: set, on hold, or moved.
const EventPromise EventKind = "promise"

var (
	// ErrNoPromise refuses to revise the date of an RMA whose unit has not arrived (or that is
	// recycled: nothing ships back).
	ErrNoPromise = fault.New(fault.KindConflict, "rma.noPromise", "This RMA has no promised ship-back date yet: its unit has not been received.")
	// ErrPromiseReason refuses a revision without one of the reasons staff may give.
	ErrPromiseReason = fault.Validation(map[string]string{"reason": "Choose partsBackorder or staffRevised"})
	// ErrPromiseDate refuses a revision without a date.
	ErrPromiseDate = fault.Validation(map[string]string{"date": "Enter the new promised date"})
)

// PromiseChange is one stored change of an RMA's promised date. A pause keeps the date (From
// and To are equal).
type PromiseChange struct {
	RMANumber string
	// From is nil for the first date.
	From   *time.Time
	To     time.Time
	Reason PromiseReason
	Detail string
	At     time.Time
	Actor  string
}

// PromiseStore is what the promise needs from persistence; every method joins the transaction
// its ctx carries.
type PromiseStore interface {
	LockRMA(ctx context.Context, number string) (RMA, error)
	UnitBySerial(ctx context.Context, serial string) (Unit, error)
	// SetPromise writes the RMA's date and pause (nil: running) and appends the change.
	SetPromise(ctx context.Context, number string, date time.Time, pausedAt *time.Time, c PromiseChange) error
	// PromiseChanges lists an RMA's changes, oldest first.
	PromiseChanges(ctx context.Context, number string) ([]PromiseChange, error)
	AddEvent(ctx context.Context, e Event) error
}

// Promises keeps each received RMA's promised ship-back date: set when its unit arrives, on hold
// while a quote waits for its customer, moved by staff; every change is stored with its reason,
// written on the timeline, and a slip of more than one business day is e-mailed to the
// customer. Each method is one transaction, joining the one its ctx carries.
type Promises struct {
	Store  PromiseStore
	Tx     db.Transactor
	Mail   Mailer
	Policy promise.Policy
	Now    func() time.Time
}

// Received sets the promise of RMA number, whose unit arrived at the instant at: the turnaround
// of the unit's warranty type in business days after the depot's day of receipt. An RMA that
// has its date keeps it (a second scan changes nothing), and a recycled one gets none.
// Lifecycle's move to RECEIVED calls it; so may the depot's receipt.
func (p *Promises) Received(ctx context.Context, number string, at time.Time, actor string) (RMA, error) {
	var rec RMA
	err := p.Tx.InTx(ctx, func(ctx context.Context) error {
		var err error
		if rec, err = p.Store.LockRMA(ctx, number); err != nil {
			return err
		}
		return p.received(ctx, &rec, at, actor)
	})
	return rec, err
}

func (p *Promises) received(ctx context.Context, rec *RMA, at time.Time, actor string) error {
	if rec.PromisedShipDate != nil || IsRecycle(rec.Type) {
		return nil
	}
	var warrantyType string
	switch u, err := p.Store.UnitBySerial(ctx, rec.Serial); {
	case err == nil:
		warrantyType = u.WarrantyType
	case !errors.Is(err, ErrUnitNotFound):
		return err
	}
	date := p.Policy.Promise(warrantyType, at)
	note := "Promised ship-back date: " + promise.FormatDate(date)
	return p.change(ctx, rec, date, nil, PromiseChange{Reason: PromiseReceived, At: at, Actor: actor}, note)
}

// Pause stops the clock of RMA number at the instant at: its quote waits for the customer's
// decision. An RMA without a date, or already on hold, is left as it is.
func (p *Promises) Pause(ctx context.Context, number string, at time.Time, actor, detail string) error {
	return p.locked(ctx, number, func(ctx context.Context, rec *RMA) error { return p.pause(ctx, rec, at, actor, detail) })
}

func (p *Promises) pause(ctx context.Context, rec *RMA, at time.Time, actor, detail string) error {
	if rec.PromisedShipDate == nil || rec.PromisePausedAt != nil {
		return nil
	}
	paused := at.UTC()
	note := "Promised ship-back date on hold while we wait for your decision on the quote"
	return p.change(ctx, rec, *rec.PromisedShipDate, &paused, PromiseChange{Reason: PromiseAwaitingDecision, Detail: detail, At: at, Actor: actor}, note)
}

// Resume restarts the clock of RMA number at the instant at: the customer decided. The date
// moves by the business days the decision took (from the depot's day of the pause to the day
// of the decision). An RMA not on hold is left as it is.
func (p *Promises) Resume(ctx context.Context, number string, at time.Time, actor, detail string) error {
	return p.locked(ctx, number, func(ctx context.Context, rec *RMA) error { return p.resume(ctx, rec, at, actor, detail) })
}

func (p *Promises) resume(ctx context.Context, rec *RMA, at time.Time, actor, detail string) error {
	if rec.PromisedShipDate == nil || rec.PromisePausedAt == nil {
		return nil
	}
	cal := p.Policy.Calendar
	waited := cal.BusinessDaysBetween(cal.Day(*rec.PromisePausedAt), cal.Day(at))
	date := cal.AddBusinessDays(*rec.PromisedShipDate, waited)
	note := "Promised ship-back date: " + promise.FormatDate(date) + " (" + waitedText(waited) + " for your decision)"
	return p.change(ctx, rec, date, nil, PromiseChange{Reason: PromiseDecisionMade, Detail: detail, At: at, Actor: actor}, note)
}

// Revise moves the promise of RMA number to date for staff (actor), for reason
// (PromisePartsBackorder, PromiseStaffRevised) with detail in their words; a pause stays.
func (p *Promises) Revise(ctx context.Context, number string, date time.Time, reason PromiseReason, detail, actor string) error {
	if _, ok := revisionReasons[reason]; !ok {
		return ErrPromiseReason
	}
	if date.IsZero() {
		return ErrPromiseDate
	}
	return p.locked(ctx, number, func(ctx context.Context, rec *RMA) error {
		if rec.PromisedShipDate == nil {
			return ErrNoPromise
		}
		d := promise.DateOf(date)
		note := "Promised ship-back date: " + promise.FormatDate(d) + " (" + revisionReasons[reason] + ")"
		return p.change(ctx, rec, d, rec.PromisePausedAt, PromiseChange{Reason: reason, Detail: detail, At: p.Now().UTC(), Actor: actor}, note)
	})
}

// Changes lists the stored changes of RMA number's promise, oldest first.
func (p *Promises) Changes(ctx context.Context, number string) ([]PromiseChange, error) {
	return p.Store.PromiseChanges(ctx, number)
}

func (p *Promises) locked(ctx context.Context, number string, fn func(ctx context.Context, rec *RMA) error) error {
	return p.Tx.InTx(ctx, func(ctx context.Context) error {
		rec, err := p.Store.LockRMA(ctx, number)
		if err != nil {
			return err
		}
		return fn(ctx, &rec)
	})
}

// change stores rec's new date and pause with c, writes note on the timeline, and e-mails the
// customer a slip of more than one business day.
func (p *Promises) change(ctx context.Context, rec *RMA, date time.Time, pausedAt *time.Time, c PromiseChange, note string) error {
	from := rec.PromisedShipDate
	c.RMANumber, c.From, c.To, c.At = rec.Number, from, date, c.At.UTC()
	if err := p.Store.SetPromise(ctx, rec.Number, date, pausedAt, c); err != nil {
		return err
	}
	rec.PromisedShipDate, rec.PromisePausedAt = &date, pausedAt
	if err := p.Store.AddEvent(ctx, Event{RMANumber: rec.Number, At: c.At, Kind: EventPromise, Actor: c.Actor, Note: note, Detail: note}); err != nil {
		return err
	}
	if from == nil || p.Policy.Calendar.BusinessDaysBetween(*from, date) <= 1 {
		return nil
	}
	return p.Mail.Enqueue(ctx, rec.Contact.Email, "RMA "+rec.Number+": new promised ship-back date", slipText(*rec, *from, date, c, p.Policy.Calendar.BusinessDaysBetween(*from, date)))
}

// moved keeps the promise of rec in step with its move from status from: set on arrival, on
// hold while a quote waits, running again once it leaves the quote for a unit that ships back
// (repaired or unrepaired; a recycled one ships nothing, so its promise stays as it stopped).
func (p *Promises) moved(ctx context.Context, rec *RMA, from Status, at time.Time, actor string) error {
	switch {
	case rec.Status == StatusReceived:
		return p.received(ctx, rec, at, actor)
	case rec.Status == StatusQuotePending:
		return p.pause(ctx, rec, at, actor, "")
	case from == StatusQuotePending && !rec.Status.Ends():
		return p.resume(ctx, rec, at, actor, "")
	}
	return nil
}

func waitedText(days int) string {
	if days == 1 {
		return "we waited 1 business day"
	}
	return "we waited " + strconv.Itoa(days) + " business days"
}
