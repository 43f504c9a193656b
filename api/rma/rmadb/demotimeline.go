package rmadb

import (
	"slices"
	"time"

	"rugged.example/portal/api/rma/rma"
)

// step is one event of a timeline: after is its delay from the previous event.
type step struct {
	kind                rma.EventKind
	status              rma.Status
	actor, note, detail string
	after               time.Duration
}

// demoActor is who makes a move of the demo history.
type demoActor int

const (
	byStaff demoActor = iota
	bySystem
	byCustomer
)

// demoMove is how the demo history tells one move of rma's lifecycle graph: who makes it, what
// they write (one of notes, drawn), and how long after the previous event it happens.
type demoMove struct {
	by     demoActor
	notes  []string
	lo, hi time.Duration
}

// demoMoves tell every move of the graph (a test holds them to it); the graph decides which
// moves there are, this only how they read.
var demoMoves = map[[2]rma.Status]demoMove{
	{rma.StatusAwaitingPayment, rma.StatusAwaitingUnit}: {by: bySystem, lo: time.Hour, hi: 30 * time.Hour},
	{rma.StatusAwaitingPayment, rma.StatusCancelled}:    {by: byCustomer, lo: day, hi: 5 * day},
	{rma.StatusAwaitingUnit, rma.StatusCancelled}: {notes: []string{
		"No unit arrived within 30 days; the RMA is cancelled. Open a new one when you are ready to ship."}, lo: 14 * day, hi: 30 * day},
	{rma.StatusAwaitingUnit, rma.StatusReceived}: {notes: []string{
		"Unit arrived at the depot.", "Unit received in good packaging.", "Unit received; accessories logged."}, lo: 3 * day, hi: 10 * day},
	{rma.StatusReceived, rma.StatusDiagnosing}: {notes: []string{
		"Diagnosis started.", "On the bench for diagnosis."}, lo: 12 * time.Hour, hi: 2 * day},
	{rma.StatusDiagnosing, rma.StatusQuotePending}: {notes: []string{
		"The damage is not covered: a service quote for the repair is on its way."}, lo: day, hi: 3 * day},
	{rma.StatusQuotePending, rma.StatusRepairing}: {by: bySystem, notes: []string{"Service quote paid"}, lo: day, hi: 6 * day},
	{rma.StatusQuotePending, rma.StatusReturnUnrepaired}: {by: byCustomer, notes: []string{
		"Return unrepaired chosen."}, lo: day, hi: 6 * day},
	{rma.StatusQuotePending, rma.StatusRecycled}: {by: byCustomer, notes: []string{"Recycling chosen."}, lo: day, hi: 6 * day},
	{rma.StatusReturnUnrepaired, rma.StatusShippedBack}: {notes: []string{
		"Shipped back unrepaired."}, lo: day, hi: 3 * day},
	{rma.StatusDiagnosing, rma.StatusRepairing}: {notes: []string{
		"Fault confirmed; repair under warranty.", "Fault confirmed; parts ordered."}, lo: day, hi: 3 * day},
	{rma.StatusRepairing, rma.StatusShippedBack}: {notes: []string{
		"Repaired and tested; on its way back.", "Repair done, burn-in passed; shipped."}, lo: 2 * day, hi: 7 * day},
	{rma.StatusShippedBack, rma.StatusClosed}: {notes: []string{
		"Delivered; RMA closed.", "Delivery confirmed by the carrier."}, lo: 3 * day, hi: 7 * day},
	{rma.StatusReceived, rma.StatusRecycled}: {notes: []string{
		"Unit recycled; certificate of destruction on file.", "Data wiped and unit recycled."}, lo: 2 * day, hi: 8 * day},
}

// steps draws the timeline of an RMA of c reaching t, times relative to creation: a walk
// through rma's lifecycle graph from the status it is created in (awaiting its payment when
// paid) to an end, a label issued whenever it comes to await its unit, cut after t's status.
// The walk goes on past t so that every RMA draws as many random numbers as the history's
// first version did, which keeps the history the README and the browser tests name.
func (p *planner) steps(c DemoCustomer, t demoTarget, paid bool) []step {
	at := rma.StatusAwaitingUnit
	if paid {
		at = rma.StatusAwaitingPayment
	}
	all := []step{{kind: rma.EventCreated, status: at, actor: c.Subject}}
	for {
		if at == rma.StatusAwaitingUnit {
			all = append(all, step{kind: rma.EventLabelIssued, actor: rma.ActorSystem, after: time.Minute})
		}
		moves := rma.Moves(t.rmaType(), at)
		if len(moves) == 0 {
			return upTo(all, t.status)
		}
		to := p.choose(t, at, moves)
		all = append(all, p.tell(c, at, to))
		at = to
	}
}

// choose picks the move out of at on the way to t. Only an RMA that ends cancelled is
// cancelled: half of those awaiting their payment by their customer, the rest when no unit
// comes. Past diagnosis one repair in four waits for a quote, and every one that ends there.
func (p *planner) choose(t demoTarget, at rma.Status, moves []rma.Status) rma.Status {
	onward := slices.DeleteFunc(slices.Clone(moves), func(s rma.Status) bool { return s == rma.StatusCancelled })
	cancellable := len(onward) < len(moves)
	if cancellable && t.status == rma.StatusCancelled && (at != rma.StatusAwaitingPayment || p.rng.IntN(2) == 0) {
		return rma.StatusCancelled
	}
	if i := slices.Index(onward, rma.StatusQuotePending); i >= 0 && len(onward) > 1 {
		if t.status == rma.StatusQuotePending || (t.status != rma.StatusDiagnosing && p.rng.IntN(4) == 0) {
			return rma.StatusQuotePending
		}
		onward = slices.Delete(onward, i, i+1)
	}
	return onward[0]
}

// tell is the event of the move from → to, as the use case that makes it writes it.
func (p *planner) tell(c DemoCustomer, from, to rma.Status) step {
	m := demoMoves[[2]rma.Status{from, to}]
	s := step{kind: rma.MoveEvent(from, to), status: to, actor: p.h.Staff}
	switch m.by {
	case bySystem:
		s.actor = rma.ActorSystem
	case byCustomer:
		s.actor = c.Subject
	}
	switch len(m.notes) {
	case 0:
	case 1:
		s.note = m.notes[0]
	default:
		s.note = m.notes[p.rng.IntN(len(m.notes))]
	}
	switch s.kind {
	case rma.EventReleased:
		s.detail = rma.ReleasedDetail
	case rma.EventCancelled:
		s.detail = rma.CancelledByCustomerDetail
	default:
		s.detail = rma.MovedDetail(from, to)
	}
	s.after = p.between(m.lo, m.hi)
	return s
}

// upTo cuts steps after the first that reaches status (a label follows its status event).
func upTo(steps []step, status rma.Status) []step {
	for i, s := range steps {
		if s.status == status {
			if i+1 < len(steps) && steps[i+1].kind == rma.EventLabelIssued {
				return steps[:i+2]
			}
			return steps[:i+1]
		}
	}
	return steps
}
