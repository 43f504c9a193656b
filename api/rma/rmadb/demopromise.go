package rmadb

import (
	"time"

	"rugged.example/portal/api/rma/promise"
	"rugged.example/portal/api/rma/rma"
)

// withDemoPromise gives a demo repair the promised ship-back date its moves would have given it
// under the default policy (a STANDARD unit's 10 business days, on hold while its quote waited),
// with the promise's events just before the moves that made them, as rma.Lifecycle writes them.
// The demo's history then shows dates before any staff member has received a unit.
func withDemoPromise(r demoRMA, policy promise.Policy) demoRMA {
	if rma.IsRecycle(r.rec.Type) {
		return r
	}
	cal := policy.Calendar
	var events []rma.Event
	for _, e := range r.events {
		note := ""
		rec := &r.rec
		switch {
		case e.Status == rma.StatusReceived && rec.PromisedShipDate == nil:
			d := policy.Promise("", e.At)
			rec.PromisedShipDate = &d
			note = "Promised ship-back date: " + promise.FormatDate(d)
		case e.Status == rma.StatusQuotePending && rec.PromisedShipDate != nil && rec.PromisePausedAt == nil:
			at := e.At
			rec.PromisePausedAt = &at
			note = "Promised ship-back date on hold while we wait for your decision on the quote"
		case e.Status != "" && rec.PromisePausedAt != nil:
			d := cal.AddBusinessDays(*rec.PromisedShipDate, cal.BusinessDaysBetween(cal.Day(*rec.PromisePausedAt), cal.Day(e.At)))
			rec.PromisedShipDate, rec.PromisePausedAt = &d, nil
			note = "Promised ship-back date: " + promise.FormatDate(d)
		}
		if note != "" {
			// A second before the move: the demo's timelines keep strictly increasing times.
			events = append(events, rma.Event{RMANumber: e.RMANumber, At: e.At.Add(-time.Second), Kind: rma.EventPromise, Actor: e.Actor, Note: note, Detail: note})
		}
		events = append(events, e)
	}
	r.events = events
	return r
}
