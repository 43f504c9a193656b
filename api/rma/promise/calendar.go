// Package promise is the depot's business-day calendar and the turnaround it promises per
// warranty type: the arithmetic of a promised ship-back date, with no storage. The rma core
// (rma.Promises) keeps the dates and their changes.
package promise

import (
	"time"
)

// DateLayout is how dates are written in configuration and storage.
const DateLayout = "2006-01-02"

// Calendar says which days the depot works. Dates are calendar days represented as midnight UTC
// (Day makes one from an instant), so adding days never meets a DST change: the depot's time
// zone matters only when an instant becomes its day.
type Calendar struct {
	// Location is the depot's time zone; nil reads as UTC.
	Location *time.Location
	holidays map[time.Time]bool
}

// NewCalendar is a calendar of the depot in loc closed on the given holidays (any time of
// each day; its date counts).
func NewCalendar(loc *time.Location, holidays []time.Time) Calendar {
	c := Calendar{Location: loc, holidays: make(map[time.Time]bool, len(holidays))}
	for _, h := range holidays {
		c.holidays[DateOf(h)] = true
	}
	return c
}

// DateOf is the calendar date of t as t's own location reads it, as midnight UTC.
func DateOf(t time.Time) time.Time {
	y, m, d := t.Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// Day is the depot's date of the instant at: a unit received at 01:30 UTC on a Tuesday arrived
// on Monday evening in Chicago.
func (c Calendar) Day(at time.Time) time.Time {
	loc := c.Location
	if loc == nil {
		loc = time.UTC
	}
	return DateOf(at.In(loc))
}

// IsBusinessDay reports whether the depot works on date d: a weekday that is no holiday.
func (c Calendar) IsBusinessDay(d time.Time) bool {
	d = DateOf(d)
	if wd := d.Weekday(); wd == time.Saturday || wd == time.Sunday {
		return false
	}
	return !c.holidays[d]
}

// Holiday reports whether date d is one of the calendar's holidays.
func (c Calendar) Holiday(d time.Time) bool { return c.holidays[DateOf(d)] }

// AddBusinessDays is the n-th business day after date d (d itself never counts, whether or not
// the depot works that day); n ≤ 0 answers d unchanged.
func (c Calendar) AddBusinessDays(d time.Time, n int) time.Time {
	d = DateOf(d)
	for n > 0 {
		d = d.AddDate(0, 0, 1)
		if c.IsBusinessDay(d) {
			n--
		}
	}
	return d
}

// BusinessDaysBetween counts the business days after from up to and including to: how far to
// is from from in working days (0 when to is not after from).
func (c Calendar) BusinessDaysBetween(from, to time.Time) int {
	from, to = DateOf(from), DateOf(to)
	n := 0
	for d := from.AddDate(0, 0, 1); !d.After(to); d = d.AddDate(0, 0, 1) {
		if c.IsBusinessDay(d) {
			n++
		}
	}
	return n
}
