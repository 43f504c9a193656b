package rmadb

import (
	"cmp"
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"

	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/rma/rma"
)

// DemoCustomer is a demo user whose service history SeedDemoHistory writes.
type DemoCustomer struct {
	Subject string
	// Org is stamped on their RMAs ("" for none): its members see them.
	Org string
	// Name is the user's display name, as their token gives it: who opened their RMAs.
	Name    string
	Contact rma.Contact
	Address rma.Address
	// RMAs is how many RMAs their history holds: one in each status of both lifecycles first,
	// then mostly finished ones.
	RMAs int
	// ReferencePrefix starts their customer references ("MFS" gives "MFS-0412"); AssetTagPrefix
	// their asset tags, none when empty.
	ReferencePrefix, AssetTagPrefix string
}

// DemoHistory says whose history to write and as of when.
type DemoHistory struct {
	Customers []DemoCustomer
	// Staff is the subject of the service center's moves.
	Staff string
	// ExistingRMAOwner is the customer whose open RMA the documented unit with an RMA (RT10000006)
	// carries; its number is the one the units registry names.
	ExistingRMAOwner string
	// Now is the end of the two years the history spans.
	Now time.Time
}

// The demo history is numbered below the counter's start (100500, see counterRow), in the room
// the first migration left for imported history, so it never meets a number a customer gets.
const (
	demoFirstNumber = 100001
	demoLastNumber  = 100499
	demoSpan        = 730 * 24 * time.Hour
	day             = 24 * time.Hour
)

// demoEpoch is the moment the history is drawn up to; written, it moves to the seed's Now
// whole. So the same RMA has the same number, unit and status whenever it is seeded, and the
// README and the browser tests can name them; only the warranty a covered repair was opened
// under drifts a little as the history moves past the units' fixed warranty ends.
var demoEpoch = time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC)

// demoTarget is the status an RMA of the history has reached by Now.
type demoTarget struct {
	recycle bool
	status  string
}

// everyDemoTarget is every status of both lifecycles: each customer's history holds them all.
var everyDemoTarget = []demoTarget{
	{false, rma.StatusAwaitingPayment}, {false, rma.StatusAwaitingUnit}, {false, rma.StatusReceived},
	{false, rma.StatusDiagnosing}, {false, rma.StatusQuotePending}, {false, rma.StatusRepairing},
	{false, rma.StatusShippedBack}, {false, rma.StatusClosed}, {false, rma.StatusCancelled},
	{true, rma.StatusAwaitingUnit}, {true, rma.StatusReceived}, {true, rma.StatusRecycled},
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
var dwell = map[string]time.Duration{
	rma.StatusAwaitingPayment: 2 * day, rma.StatusAwaitingUnit: 6 * day, rma.StatusReceived: day,
	rma.StatusDiagnosing: 2 * day, rma.StatusQuotePending: 5 * day, rma.StatusRepairing: 4 * day,
	rma.StatusShippedBack: 4 * day,
}

// SeedDemoHistory writes the demo customers' service history: RMAs spread over the two years
// before h.Now in every status of both lifecycles, each with its whole timeline, the repair
// work and return tracking of repaired units, on units of the generated fleet (the README's
// documented units stay without RMAs, but for the one documented as having an RMA). The same
// random seed gives the same history, whenever it is seeded (see demoEpoch). Rows are written
// through the store's row types in one transaction, never through the lifecycle, so nobody is
// e-mailed. A database that has the
// history already, or lacks the demo fleet, is left alone.
func SeedDemoHistory(ctx context.Context, s *Store, h DemoHistory) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		existing := documentedUnitWithRMA()
		var n int64
		if err := tx.Model(&rmaRow{}).Where("number = ?", existing.OpenRMANumber).Count(&n).Error; err != nil || n > 0 {
			return err
		}
		var anchor []unitRow
		if err := tx.Where("serial = ?", existing.Serial).Find(&anchor).Error; err != nil || len(anchor) == 0 {
			return err
		}
		pool, err := demoPool(tx)
		if err != nil || len(pool) == 0 {
			return err
		}
		plan, err := planDemoHistory(h, toUnit(anchor[0]), pool)
		if err != nil {
			return err
		}
		shift(plan, h.Now.UTC().Truncate(time.Minute).Sub(demoEpoch))
		return writeDemoHistory(tx, plan, h.Now.UTC())
	})
}

// documentedUnitWithRMA is the README's unit whose RMA already exists.
func documentedUnitWithRMA() rma.Unit {
	i := slices.IndexFunc(DemoUnits(), func(u rma.Unit) bool { return u.OpenRMANumber != "" })
	return DemoUnits()[i]
}

// demoPool is the fleet's units that may get RMAs: generated (not documented), serviceable,
// with a price list, and without an RMA someone opened already. Sorted, so the seed decides.
func demoPool(tx *gorm.DB) ([]rma.Unit, error) {
	fleet := map[string]bool{}
	for _, u := range FleetUnits(FleetSize) {
		fleet[u.Serial] = true
	}
	options := DemoRepairOptions()
	var rows []unitRow
	if err := tx.Where("open_rma_number = '' AND end_of_service = ?", false).Order("serial").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("rmadb: demo units: %w", err)
	}
	var pool []rma.Unit
	for _, row := range rows {
		u := toUnit(row)
		if fleet[u.Serial] && !u.MissingData() && u.Model != rma.ModelEX80 && len(options[u.Model]) > 0 {
			pool = append(pool, u)
		}
	}
	return pool, nil
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
	var plan []demoRMA
	var special *demoRMA
	for _, c := range h.Customers {
		n := c.RMAs
		if c.Subject == h.ExistingRMAOwner {
			n-- // the documented unit's RMA is one of theirs
		}
		targets := slices.Clone(everyDemoTarget[:max(0, min(n, len(everyDemoTarget)))])
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

// numberDemoRMAs numbers plan in order of creation from demoFirstNumber; the RMA at index
// anchor (-1 for none) gets the documented unit's number, those before it fit below it and
// those after it above, up to demoLastNumber.
func numberDemoRMAs(plan []demoRMA, anchor int) error {
	slices.SortStableFunc(plan, func(a, b demoRMA) int { return a.rec.CreatedAt.Compare(b.rec.CreatedAt) })
	fixed := demoLastNumber + 1
	if anchor >= 0 {
		n, err := strconv.Atoi(strings.TrimPrefix(documentedUnitWithRMA().OpenRMANumber, "RMA-"))
		if err != nil {
			return fmt.Errorf("rmadb: documented RMA number: %w", err)
		}
		fixed = n
	} else {
		anchor = len(plan)
	}
	below, above := fixed-demoFirstNumber, demoLastNumber-fixed
	if anchor > below || len(plan)-anchor-1 > above {
		return fmt.Errorf("rmadb: demo history of %d RMAs does not fit its numbers", len(plan))
	}
	for i := range plan {
		var n int
		switch {
		case i < anchor:
			n = demoFirstNumber + i*below/anchor
		case i == anchor:
			n = fixed
		default:
			n = fixed + (i - anchor)
		}
		number := fmt.Sprintf("RMA-%d", n)
		plan[i].rec.Number = number
		for j := range plan[i].events {
			plan[i].events[j].RMANumber = number
		}
	}
	return nil
}

// step is one event of a timeline: after is its delay from the previous event.
type step struct {
	kind, status, actor, note, detail string
	after                             time.Duration
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

// steps draws the timeline's events up to t, times relative to creation.
func (p *planner) steps(c DemoCustomer, t demoTarget, paid bool) []step {
	staff, system := p.h.Staff, rma.ActorSystem
	move := func(from, to, actor, note string, lo, hi time.Duration) step {
		return step{kind: "status", status: to, actor: actor, note: note, detail: fmt.Sprintf("Moved from %s to %s", from, to), after: p.between(lo, hi)}
	}
	created := func(status string) step {
		return step{kind: "created", status: status, actor: c.Subject}
	}
	label := step{kind: "label_issued", actor: system, after: time.Minute}
	pick := func(notes ...string) string { return notes[p.rng.IntN(len(notes))] }
	received := func(from string) step {
		return move(from, rma.StatusReceived, staff, pick("Unit arrived at the depot.", "Unit received in good packaging.", "Unit received; accessories logged."), 3*day, 10*day)
	}

	var all []step
	if t.recycle {
		all = []step{created(rma.StatusAwaitingUnit), label, received(rma.StatusAwaitingUnit),
			move(rma.StatusReceived, rma.StatusRecycled, staff, pick("Unit recycled; certificate of destruction on file.", "Data wiped and unit recycled."), 2*day, 8*day)}
		return upTo(all, t.status)
	}
	if paid {
		all = []step{created(rma.StatusAwaitingPayment)}
		if t.status == rma.StatusCancelled && p.rng.IntN(2) == 0 {
			return append(all, step{kind: "cancelled", status: rma.StatusCancelled, actor: c.Subject,
				detail: "Cancelled by the customer before payment", after: p.between(day, 5*day)})
		}
		all = append(all, step{kind: "released", status: rma.StatusAwaitingUnit, actor: system,
			detail: "Payment received; the RMA awaits the unit", after: p.between(time.Hour, 30*time.Hour)}, label)
	} else {
		all = []step{created(rma.StatusAwaitingUnit), label}
	}
	if t.status == rma.StatusCancelled {
		return append(all, move(rma.StatusAwaitingUnit, rma.StatusCancelled, staff, "No unit arrived within 30 days; the RMA is cancelled. Open a new one when you are ready to ship.", 14*day, 30*day))
	}
	all = append(all, received(rma.StatusAwaitingUnit),
		move(rma.StatusReceived, rma.StatusDiagnosing, staff, pick("Diagnosis started.", "On the bench for diagnosis."), 12*time.Hour, 2*day))
	toRepair := rma.StatusDiagnosing
	if t.status == rma.StatusQuotePending || (t.status != rma.StatusDiagnosing && p.rng.IntN(4) == 0) {
		all = append(all,
			move(rma.StatusDiagnosing, rma.StatusQuotePending, staff, "The damage is not covered: a service quote for the repair is on its way.", day, 3*day),
			move(rma.StatusQuotePending, rma.StatusRepairing, system, "Service quote paid", day, 6*day))
		toRepair = ""
	}
	if toRepair != "" {
		all = append(all, move(rma.StatusDiagnosing, rma.StatusRepairing, staff, pick("Fault confirmed; repair under warranty.", "Fault confirmed; parts ordered."), day, 3*day))
	}
	all = append(all,
		move(rma.StatusRepairing, rma.StatusShippedBack, staff, pick("Repaired and tested; on its way back.", "Repair done, burn-in passed; shipped."), 2*day, 7*day),
		move(rma.StatusShippedBack, rma.StatusClosed, staff, pick("Delivered; RMA closed.", "Delivery confirmed by the carrier."), 3*day, 7*day))
	return upTo(all, t.status)
}

// upTo cuts steps after the first that reaches status (a label follows its status event).
func upTo(steps []step, status string) []step {
	for i, s := range steps {
		if s.status == status {
			if i+1 < len(steps) && steps[i+1].kind == "label_issued" {
				return steps[:i+2]
			}
			return steps[:i+1]
		}
	}
	return steps
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
	open := t.status != rma.StatusClosed && t.status != rma.StatusCancelled && t.status != rma.StatusRecycled
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

// build makes the RMA of c for unit u created at created with its timeline of steps.
func (p *planner) build(c DemoCustomer, t demoTarget, u rma.Unit, created time.Time, steps []step, open bool) demoRMA {
	rec := rma.RMA{
		Owner: c.Subject, Org: c.Org, OpenedByName: c.Name, Serial: u.Serial, Model: u.Model, PartNumber: u.PartNumber,
		Type: rma.DefaultRMAType, Contact: c.Contact, Address: c.Address, Method: rma.ShipLabel,
		Packaging: rma.Packaging{HavePackaging: true}, CreatedAt: created,
	}
	if c.ReferencePrefix != "" {
		rec.Problem.CustomerReference = fmt.Sprintf("%s-%04d", c.ReferencePrefix, 1000+p.rng.IntN(9000))
	}
	if c.AssetTagPrefix != "" {
		rec.Problem.AssetTag = c.AssetTagPrefix + "-" + u.Serial[len(u.Serial)-5:]
	}
	perm := &rec.Problem.Permissions
	perm.AcknowledgeClickWrap, perm.AcknowledgeHDDBackup = true, true
	if u.ProductType == rma.ProductTypeVeretos {
		noData := false
		perm.HasDeviceData = &noData
	} else {
		perm.Reimage = p.rng.IntN(3) == 0
	}
	rec.Problem.Accessories = rma.Accessories{ACPower: p.rng.IntN(2) == 0, Battery: p.rng.IntN(4) == 0}
	if p.rng.IntN(5) == 0 {
		rec.Method, rec.Packaging = rma.ShipBox, rma.Packaging{RequestBox: true}
	}

	var fault rma.FaultOptions
	if t.recycle {
		rec.Type, rec.TPM = rma.RMATypeRecycle, rma.RecycleTPMs[p.rng.IntN(len(rma.RecycleTPMs))]
		rec.Problem.PrimaryFault, rec.Problem.Problem, rec.Problem.InitialNotes = "RECYCLE", "RECYCLE", "RECYCLE"
		rec.Problem.Permissions = rma.Permissions{}
		rec.Method, rec.Packaging = rma.ShipLabel, rma.Packaging{HavePackaging: true}
	} else {
		options := DemoRepairOptions()[u.Model]
		fault = options[p.rng.IntN(len(options))]
		option := fault.Options[p.rng.IntN(len(fault.Options))]
		rec.Problem.PrimaryFault, rec.Problem.Problem, rec.ProblemPrice = fault.Name, option.Name, option.Price
		rec.Problem.InitialNotes = option.Name + ". " + demoContexts[p.rng.IntN(len(demoContexts))]
	}

	r := demoRMA{open: open}
	at := created
	for _, s := range steps {
		at = at.Add(s.after)
		e := rma.Event{At: at, Kind: s.kind, Status: s.status, Actor: s.actor, Note: s.note, Detail: s.detail}
		switch s.kind {
		case "created":
			e.Detail = fmt.Sprintf("%s RMA created for %s by the customer", rec.Type, u.Serial)
		case "label_issued":
			if rec.Method != rma.ShipLabel {
				continue
			}
			rec.TrackingNumber = p.tracking("01")
			e.Detail = "Tracking " + rec.TrackingNumber
		}
		switch s.status {
		case rma.StatusRepairing:
			if parts := partsFor(fault, u); parts != "" {
				r.work = append(r.work, rma.RepairWork{At: at, Actor: s.actor, Status: s.status, PartsReplaced: parts})
			}
		case rma.StatusShippedBack:
			rec.ReturnTrackingNumber = p.tracking("03")
			r.work = append(r.work, rma.RepairWork{At: at, Actor: s.actor, Status: s.status,
				WorkPerformed: workFor(fault), TechnicianNotes: demoTechNotes[p.rng.IntN(len(demoTechNotes))]})
		}
		if s.status != "" {
			rec.Status = s.status
		}
		r.events = append(r.events, e)
	}
	r.rec = rec
	return r
}

// tracking is a carrier number of the UPS shape: 1Z, six characters, the service, eight digits.
func (p *planner) tracking(service string) string {
	const alphabet = "0123456789ABCDEFGHJKLMNPRSTUVWXYZ"
	var b strings.Builder
	b.WriteString("1Z")
	for range 6 {
		b.WriteByte(alphabet[p.rng.IntN(len(alphabet))])
	}
	fmt.Fprintf(&b, "%s%08d", service, p.rng.IntN(100_000_000))
	return b.String()
}

var demoContexts = []string{
	"Happened on a site visit.", "Noticed at the start of a shift.", "Dropped from a truck step.",
	"Started after a long day in the rain.", "Crew reports it got worse over a week.", "Seen on two shifts in a row.",
}

var demoTechNotes = []string{
	"Passed all tests.", "Passed burn-in and the drop-sensor check.", "Firmware updated to the current release.",
	"Cleaned the vents; thermals normal.", "Customer data left untouched.",
}

// partsFor names the parts a fault's repair replaced.
func partsFor(f rma.FaultOptions, u rma.Unit) string {
	part := map[string]string{
		"Display": "Display assembly", "Battery / Power": "Battery pack and DC-in board", "Keyboard / Input": "Keyboard and touchpad module",
		"Storage": "SSD 512 GB", "Connectivity": "Wireless module", "Chassis / Damage": "Housing and hinge kit",
		"Barcode Scanner": "Scan engine", "Software / OS": "",
	}[f.Name]
	if part == "" {
		return ""
	}
	return part + " (" + u.Model + ")"
}

// workFor says what the technician did for a fault.
func workFor(f rma.FaultOptions) string {
	if f.Name == "Software / OS" {
		return "Re-installed the system image; ran the diagnostics suite."
	}
	return "Replaced the faulty part, re-assembled and sealed the unit, ran the 4-hour burn-in."
}

// writeDemoHistory inserts plan in batches; events and work go in time order, so ids follow
// time and each timeline reads in order. Units with an RMA under way name it.
func writeDemoHistory(tx *gorm.DB, plan []demoRMA, now time.Time) error {
	var rmas []*rmaRow
	var lines []lineRow
	var events []*eventRow
	var work []*repairWorkRow
	for _, r := range plan {
		// The uid is random like every RMA's (the seed decides the history, not its links).
		uid, err := rma.NewUID()
		if err != nil {
			return err
		}
		r.rec.UID = uid
		row := toRMARow(r.rec)
		row.UpdatedAt = r.events[len(r.events)-1].At
		if row.ProblemPriceCurrency == "" {
			// A recycling has no price; the column's default names the currency anyway.
			row.ProblemPriceCurrency = money.USDCode
		}
		rmas = append(rmas, row)
		lines = append(lines, toLineRows(r.rec)...)
		for _, e := range r.events {
			events = append(events, toEventRow(e))
		}
		for _, w := range r.work {
			work = append(work, toRepairWorkRow(r.rec.Number, w))
		}
	}
	slices.SortStableFunc(events, func(a, b *eventRow) int { return a.At.Compare(b.At) })
	slices.SortStableFunc(work, func(a, b *repairWorkRow) int {
		return cmp.Or(a.At.Compare(b.At), strings.Compare(a.RMANumber, b.RMANumber))
	})
	for _, batch := range []struct {
		name string
		rows any
		size int
	}{{"rmas", rmas, 100}, {"lines", lines, 500}, {"events", events, 500}, {"repair work", work, 500}} {
		if err := tx.CreateInBatches(batch.rows, batch.size).Error; err != nil {
			return fmt.Errorf("rmadb: demo history %s: %w", batch.name, err)
		}
	}
	for _, r := range plan {
		if !r.open {
			continue
		}
		res := tx.Model(&unitRow{}).Where("serial = ? AND open_rma_number IN ('', ?)", r.rec.Serial, r.rec.Number).
			Updates(map[string]any{"open_rma_number": r.rec.Number, "updated_at": now})
		if res.Error != nil {
			return fmt.Errorf("rmadb: demo history unit %s: %w", r.rec.Serial, res.Error)
		}
		if res.RowsAffected != 1 {
			return fmt.Errorf("rmadb: demo history unit %s has another RMA", r.rec.Serial)
		}
	}
	return nil
}
