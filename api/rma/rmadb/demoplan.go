package rmadb

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	"rugged.example/portal/api/rma/rma"
)

// demoTarget is the status an RMA of the history has reached by Now.
type demoTarget struct {
	recycle bool
	status  rma.Status
}

// rmaType is the type of the RMAs that reach t: a repair or a recycling.
func (t demoTarget) rmaType() string {
	if t.recycle {
		return rma.RMATypeRecycle
	}
	return rma.DefaultRMAType
}

// everyDemoTarget is every status of both lifecycles, repairs first, as rma's graph holds them:
// each customer's history holds them all, but for the statuses only a customer's decision on a
// revised quote reaches (decidedOnly): the history predates decisions, and a target more would
// redraw the whole history that the README and the browser tests name.
func everyDemoTarget() []demoTarget {
	var all []demoTarget
	for _, recycle := range []bool{false, true} {
		for _, s := range rma.StatusesOf(demoTarget{recycle: recycle}.rmaType()) {
			if t := (demoTarget{recycle, s}); !t.decidedOnly() {
				all = append(all, t)
			}
		}
	}
	return all
}

// decidedOnly reports whether only a customer's decision on a revised quote reaches t: a repair
// returning unrepaired, or recycled.
func (t demoTarget) decidedOnly() bool {
	return !t.recycle && (t.status == rma.StatusReturnUnrepaired || t.status == rma.StatusRecycled)
}

// demoWeights draws the rest of a history: mostly finished service, a few RMAs under way.
var demoWeights = []struct {
	target demoTarget
	weight int
}{
	{demoTarget{false, rma.StatusClosed}, 60}, {demoTarget{true, rma.StatusRecycled}, 10},
	{demoTarget{false, rma.StatusCancelled}, 6}, {demoTarget{false, rma.StatusShippedBack}, 3},
	{demoTarget{false, rma.StatusRepairing}, 3}, {demoTarget{false, rma.StatusDiagnosing}, 2},
	{demoTarget{false, rma.StatusQuotePending}, 2}, {demoTarget{false, rma.StatusReceived}, 2},
	{demoTarget{false, rma.StatusAwaitingUnit}, 3}, {demoTarget{false, rma.StatusAwaitingPayment}, 1},
	{demoTarget{true, rma.StatusAwaitingUnit}, 1}, {demoTarget{true, rma.StatusReceived}, 1},
}

// dwell is how long an RMA under way has been in its status at Now, at most.
var dwell = map[rma.Status]time.Duration{
	rma.StatusAwaitingPayment: 2 * day, rma.StatusAwaitingUnit: 6 * day, rma.StatusReceived: day,
	rma.StatusDiagnosing: 2 * day, rma.StatusQuotePending: 5 * day, rma.StatusRepairing: 4 * day,
	rma.StatusShippedBack: 4 * day,
}

// demoRMA is one planned RMA with its timeline.
type demoRMA struct {
	rec    rma.RMA
	events []rma.Event
	work   []rma.RepairWork
	open   bool
}

// planner draws the history; its random source is fixed, so plans repeat.
type planner struct {
	h    DemoHistory
	now  time.Time
	rng  *rand.Rand
	pool []rma.Unit
	// busy holds, per serial, the spans its RMAs cover: a unit has one RMA at a time.
	busy map[string][][2]time.Time
}

func planDemoHistory(h DemoHistory, anchor rma.Unit, pool []rma.Unit) ([]demoRMA, error) {
	p := &planner{h: h, now: demoEpoch, rng: rand.New(rand.NewPCG(2026, 9)), pool: pool,
		busy: map[string][][2]time.Time{}}
	every := everyDemoTarget()
	var plan []demoRMA
	var special *demoRMA
	for _, c := range h.Customers {
		n := c.RMAs
		if c.Subject == h.ExistingRMAOwner {
			n-- // the documented unit's RMA is one of theirs
		}
		targets := slices.Clone(every[:max(0, min(n, len(every)))])
		for len(targets) < n {
			targets = append(targets, p.drawTarget())
		}
		for _, t := range targets {
			// A registry whose fleet customers took over leaves an RMA no unit fits out: the
			// embedded default seeds at start and must start anyway.
			if r, ok := p.plan(c, t, nil); ok {
				plan = append(plan, r)
			}
		}
		if c.Subject == h.ExistingRMAOwner {
			r, ok := p.plan(c, demoTarget{false, rma.StatusAwaitingUnit}, &anchor)
			if !ok {
				return nil, fmt.Errorf("rmadb: demo history: %s cannot get its RMA", anchor.Serial)
			}
			special = &r
		}
	}
	if special == nil {
		return plan, numberDemoRMAs(plan, -1)
	}
	// The documented unit's RMA takes the number the registry names, in its place by time.
	plan = append(plan, *special)
	slices.SortStableFunc(plan, func(a, b demoRMA) int { return a.rec.CreatedAt.Compare(b.rec.CreatedAt) })
	at := slices.IndexFunc(plan, func(r demoRMA) bool { return r.rec.Serial == anchor.Serial })
	return plan, numberDemoRMAs(plan, at)
}

// shift moves every time of plan by d.
func shift(plan []demoRMA, d time.Duration) {
	for i := range plan {
		r := &plan[i]
		r.rec.CreatedAt = r.rec.CreatedAt.Add(d)
		for j := range r.events {
			r.events[j].At = r.events[j].At.Add(d)
		}
		for j := range r.work {
			r.work[j].At = r.work[j].At.Add(d)
		}
	}
}

func (p *planner) drawTarget() demoTarget {
	total := 0
	for _, w := range demoWeights {
		total += w.weight
	}
	n := p.rng.IntN(total)
	for _, w := range demoWeights {
		if n < w.weight {
			return w.target
		}
		n -= w.weight
	}
	return demoWeights[0].target
}

// plan draws one RMA of c reaching t; unit fixes its unit (nil: one of the pool that fits).
// Repairs of a unit out of warranty are paid first (AWAITING_PAYMENT, released by the
// payment); covered ones await the unit at once. It tries the other kind of repair when no
// unit fits, unless t needs a payment.
func (p *planner) plan(c DemoCustomer, t demoTarget, unit *rma.Unit) (demoRMA, bool) {
	paid := !t.recycle && unit == nil && (t.status == rma.StatusAwaitingPayment || p.rng.IntN(5) == 0)
	for range 2 {
		steps := p.steps(c, t, paid)
		if r, ok := p.place(c, t, paid, steps, unit); ok {
			return r, true
		}
		if t.recycle || t.status == rma.StatusAwaitingPayment {
			break
		}
		paid = !paid
	}
	return demoRMA{}, false
}

func (p *planner) between(lo, hi time.Duration) time.Duration {
	return lo + time.Duration(p.rng.Int64N(int64(hi-lo)+1)).Truncate(time.Minute)
}

// place finds a unit and a creation time for steps: a finished RMA anywhere in the two years,
// one under way recently enough to still be in its status now, on a unit that is out of
// warranty then for a paid repair or a recycling and in warranty (or allowed out of it) for a
// covered repair, and free of its other RMAs.
func (p *planner) place(c DemoCustomer, t demoTarget, paid bool, steps []step, fixed *rma.Unit) (demoRMA, bool) {
	var length time.Duration
	for _, s := range steps {
		length += s.after
	}
	open := !t.status.Ends()
	lo, hi := p.now.Add(-demoSpan), p.now.Add(-length-day)
	if open {
		hi = p.now.Add(-length - time.Hour)
		lo = hi.Add(-dwell[t.status])
	}
	candidates := p.pool
	start := 0
	if fixed != nil {
		candidates = []rma.Unit{*fixed}
	} else {
		start = p.rng.IntN(len(candidates))
	}
	for i := range candidates {
		u := candidates[(start+i)%len(candidates)]
		ulo, uhi := lo, hi
		end := u.WarrantyEnd.Add(day) // the warranty covers its last day whole
		switch {
		case t.recycle || paid:
			if !t.recycle && u.AllowOOW {
				continue
			}
			ulo = later(ulo, end)
		case !u.AllowOOW:
			uhi = earlier(uhi, end.Add(-time.Minute))
		}
		if ulo.After(uhi) {
			continue
		}
		created := ulo.Add(time.Duration(p.rng.Int64N(int64(uhi.Sub(ulo)) + 1))).Truncate(time.Minute)
		until := created.Add(length)
		if open {
			until = p.now.Add(demoSpan) // under way: the unit stays taken
		}
		if p.taken(u.Serial, created, until) {
			continue
		}
		p.busy[u.Serial] = append(p.busy[u.Serial], [2]time.Time{created, until})
		return p.build(c, t, u, created, steps, open), true
	}
	return demoRMA{}, false
}

func (p *planner) taken(serial string, from, until time.Time) bool {
	for _, span := range p.busy[serial] {
		if from.Before(span[1].Add(day)) && span[0].Before(until.Add(day)) {
			return true
		}
	}
	return false
}

func later(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

func earlier(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}
