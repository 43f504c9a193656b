package rma

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"time"

	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/validate"
)

// The statuses an RMA moves through, from creation to closure. The stored values are the API's;
// AWAITING_UNIT is what a new RMA has been since the first release.
const (
	StatusAwaitingPayment = "AWAITING_PAYMENT"
	StatusAwaitingUnit    = "AWAITING_UNIT"
	StatusReceived        = "RECEIVED"
	StatusDiagnosing      = "DIAGNOSING"
	StatusQuotePending    = "QUOTE_PENDING"
	StatusRepairing       = "REPAIRING"
	StatusShippedBack     = "SHIPPED_BACK"
	StatusClosed          = "CLOSED"
	StatusCancelled       = "CANCELLED"
	StatusRecycled        = "RECYCLED"
)

// ActorSystem is the actor of a transition no person made (a payment, a webhook).
const ActorSystem = "system"

// transitions is the one table of allowed moves, per kind of RMA: a repair may skip the quote
// (DIAGNOSING → REPAIRING) when the work is covered, and is cancelled only before its unit
// arrives; a recycled unit is received and recycled, nothing else.
var transitions = map[bool]map[string][]string{
	false: { // repairs
		StatusAwaitingPayment: {StatusAwaitingUnit, StatusCancelled},
		StatusAwaitingUnit:    {StatusReceived, StatusCancelled},
		StatusReceived:        {StatusDiagnosing},
		StatusDiagnosing:      {StatusQuotePending, StatusRepairing},
		StatusQuotePending:    {StatusRepairing},
		StatusRepairing:       {StatusShippedBack},
		StatusShippedBack:     {StatusClosed},
	},
	true: { // recycling
		StatusAwaitingUnit: {StatusReceived},
		StatusReceived:     {StatusRecycled},
	},
}

// knownStatuses are the statuses staff may name.
var knownStatuses = []string{
	StatusAwaitingPayment, StatusAwaitingUnit, StatusReceived, StatusDiagnosing, StatusQuotePending,
	StatusRepairing, StatusShippedBack, StatusClosed, StatusCancelled, StatusRecycled,
}

// IsRecycle reports whether an RMA of type rmaType recycles its unit rather than repairing it.
func IsRecycle(rmaType string) bool { return strings.HasPrefix(rmaType, RMATypeRecycle) }

// CanMove reports whether an RMA of type rmaType may move from status from to status to.
func CanMove(rmaType, from, to string) bool {
	return slices.Contains(transitions[IsRecycle(rmaType)][from], to)
}

// freesUnit are the end states: the unit may get a new RMA.
func freesUnit(status string) bool {
	return status == StatusClosed || status == StatusCancelled || status == StatusRecycled
}

// customerSubjects are the transitions a customer is e-mailed about, with the e-mail's subject.
var customerSubjects = map[string]string{
	StatusReceived:     "we received your unit",
	StatusQuotePending: "diagnosis done, quote on its way",
	StatusRepairing:    "your unit is being repaired",
	StatusShippedBack:  "your unit is on its way back",
	StatusRecycled:     "your unit was recycled",
	StatusCancelled:    "cancelled",
}

// ErrBadTransition refuses a move the table does not allow, including a move a concurrent
// caller made first.
var ErrBadTransition = fault.New(fault.KindConflict, "rma.badTransition", "This RMA cannot move to that status from its current one.")

// ErrAwaitsPayment refuses staff's move of an RMA that waits for its payment: only the payment
// releases it (its label is issued then) and only its customer cancels it (with its quote).
var ErrAwaitsPayment = fault.New(fault.KindConflict, "rma.awaitsPayment", "This RMA waits for its payment: it moves once paid, or when its customer cancels it.")

// Limits of what staff write on a transition.
const (
	NoteMax           = 500
	ReturnTrackingMax = 40
	WorkFieldMax      = 2000
)

// Event is one entry of an RMA's timeline.
type Event struct {
	RMANumber string
	At        time.Time
	Kind      string
	// Status is the status the event moved the RMA to; "" for one that moved nothing.
	Status string
	// Actor is the customer's or staff member's subject, or ActorSystem.
	Actor string
	// Note is what the actor wrote; the customer reads it.
	Note string
	// Detail says what happened, in the portal's words.
	Detail string
}

// RepairWork is what was done to a unit, for its repair summary.
type RepairWork struct {
	At              time.Time
	Actor           string
	Status          string
	PartsReplaced   string
	WorkPerformed   string
	TechnicianNotes string
}

func (w RepairWork) empty() bool {
	return w.PartsReplaced == "" && w.WorkPerformed == "" && w.TechnicianNotes == ""
}

// RepairSummary is what the customer reads about the service of one RMA.
type RepairSummary struct {
	RMA  RMA
	Work []RepairWork
}

// Advance is staff's move of an RMA, whoever owns it.
type Advance struct {
	Number string
	Status string
	// Actor is the staff member's subject ("cli:<user>" from the command line).
	Actor string
	Note  string
	// ReturnTracking is the carrier's number of the unit's way back; SHIPPED_BACK only.
	ReturnTracking string
	// Work is recorded with REPAIRING and SHIPPED_BACK only.
	Work RepairWork
}

func (a *Advance) trim() {
	a.Number, a.Status = strings.ToUpper(strings.TrimSpace(a.Number)), strings.ToUpper(strings.TrimSpace(a.Status))
	for _, s := range []*string{&a.Note, &a.ReturnTracking, &a.Work.PartsReplaced, &a.Work.WorkPerformed, &a.Work.TechnicianNotes} {
		*s = strings.TrimSpace(*s)
	}
}

// validate applies the field rules; whether the move is allowed needs the stored RMA.
func (a Advance) validate() error {
	var v validate.Errors
	v.Required("rmaNumber", a.Number)
	if !slices.Contains(knownStatuses, a.Status) {
		v.Add("status", "Choose a status from the list")
	}
	v.MaxLen("note", a.Note, NoteMax)
	switch {
	case a.Status == StatusShippedBack:
		v.Required("returnTracking", a.ReturnTracking)
		v.MaxLen("returnTracking", a.ReturnTracking, ReturnTrackingMax)
	case a.ReturnTracking != "":
		v.Add("returnTracking", "Only a unit shipped back has a return tracking number")
	}
	if a.Status != StatusRepairing && a.Status != StatusShippedBack && !a.Work.empty() {
		v.Add("workPerformed", "Repair work is recorded when the unit is repaired or shipped back")
	}
	v.MaxLen("partsReplaced", a.Work.PartsReplaced, WorkFieldMax)
	v.MaxLen("workPerformed", a.Work.WorkPerformed, WorkFieldMax)
	v.MaxLen("technicianNotes", a.Work.TechnicianNotes, WorkFieldMax)
	return v.Err()
}

// LifecycleStore is what moving RMAs needs from persistence. Every method joins the transaction
// its ctx carries.
type LifecycleStore interface {
	// LockRMA takes the RMA's row for the transaction, whoever owns it, and returns it as
	// committed: a concurrent transaction that locks it waits for this one. ErrRMANotFound for
	// an unknown number.
	LockRMA(ctx context.Context, number string) (RMA, error)
	// RMAByNumber returns an owner's RMA; another owner's number answers ErrRMANotFound.
	RMAByNumber(ctx context.Context, owner, number string) (RMA, error)
	SetStatus(ctx context.Context, owner, number, from, to string) (bool, error)
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
	Log   *slog.Logger
	Now   func() time.Time
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
			return l.Store.AddEvent(ctx, Event{RMANumber: number, At: l.Now().UTC(), Kind: "service_quote_paid", Actor: ActorSystem, Detail: detail})
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
	if freesUnit(a.Status) {
		if err := l.Store.CloseUnitRMA(ctx, rec.Serial, rec.Number); err != nil {
			return err
		}
	}
	err = l.Store.AddEvent(ctx, Event{
		RMANumber: rec.Number, At: now, Kind: "status", Status: a.Status, Actor: a.Actor, Note: a.Note,
		Detail: fmt.Sprintf("Moved from %s to %s", from, a.Status),
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
	if !freesUnit(rec.Status) {
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

func statusText(rec RMA, note string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Hello %s,\n\n", rec.Contact.FirstName)
	switch rec.Status {
	case StatusReceived:
		fmt.Fprintf(&b, "we have received unit %s (%s) of RMA %s.\n", rec.Serial, rec.Model, rec.Number)
	case StatusQuotePending:
		fmt.Fprintf(&b, "we have diagnosed unit %s of RMA %s. The repair needs your approval: the quote with its pay link follows in a separate e-mail.\n", rec.Serial, rec.Number)
	case StatusRepairing:
		fmt.Fprintf(&b, "unit %s of RMA %s is being repaired.\n", rec.Serial, rec.Number)
	case StatusShippedBack:
		fmt.Fprintf(&b, "unit %s of RMA %s is on its way back to you. Return tracking number: %s\n", rec.Serial, rec.Number, rec.ReturnTrackingNumber)
	case StatusRecycled:
		fmt.Fprintf(&b, "unit %s of RMA %s has been recycled (%s).\n", rec.Serial, rec.Number, rec.TPM)
	case StatusCancelled:
		fmt.Fprintf(&b, "RMA %s for unit %s has been cancelled.\n", rec.Number, rec.Serial)
	}
	if note != "" {
		fmt.Fprintf(&b, "\n%s\n", note)
	}
	b.WriteString("\nThank you,\nRugged Devices Service\n")
	return b.String()
}
