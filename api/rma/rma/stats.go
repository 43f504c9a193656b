package rma

import (
	"context"
	"math"
	"slices"
	"time"
)

// MonthLayout is how a month is named in the dashboard's series: "2026-03".
const MonthLayout = "2006-01"

// MonthCount is how many RMAs of each kind were opened in a month.
type MonthCount struct {
	Month           string
	Repair, Recycle int
}

// MonthDays is the average turnaround of the RMAs completed in a month.
type MonthDays struct {
	Month       string
	AverageDays float64
}

// Turnaround is how long the service took: days from an RMA's creation to the event that
// shipped its unit back (repairs) or recycled it, for the RMAs completed in the period.
type Turnaround struct {
	Closed                  int
	AverageDays, MedianDays float64
	// ByMonth names only months in which RMAs were completed: a month without any has no
	// average, and a zero would read as instant service.
	ByMonth []MonthDays
}

// UnitsByWarranty counts the viewer's units by their warranty state today. End of service
// wins over the warranty dates; a unit without a known warranty end is out of warranty.
type UnitsByWarranty struct {
	InWarranty, OutOfWarranty, EndOfService int
}

// DashboardStats is a viewer's service at a glance.
type DashboardStats struct {
	// ByStatus counts the visible RMAs opened in the period by their current status.
	ByStatus map[Status]int
	// ByMonth covers every month of the period, oldest first, zero where nothing was opened.
	ByMonth    []MonthCount
	Turnaround Turnaround
	// Units and Models are about the viewer's units whatever the period: the units they (or
	// their organization) registered and the units of their visible RMAs.
	Units  UnitsByWarranty
	Models []string
	// Open counts the visible RMAs not in an end state whatever their age: an RMA opened before
	// the period and still under way is open all the same.
	Open int
}

// Completion is one RMA's way through the service: when it was opened and when its unit was
// shipped back or recycled.
type Completion struct {
	CreatedAt, CompletedAt time.Time
}

// StatsStore computes the figures in the database; v's visibility is the owner or the same
// non-empty organization.
type StatsStore interface {
	// StatusCounts counts v's visible RMAs created at or after since, by status.
	StatusCounts(ctx context.Context, v Viewer, since time.Time) (map[Status]int, error)
	// MonthlyCounts counts them by month of creation (UTC, MonthLayout) and kind.
	MonthlyCounts(ctx context.Context, v Viewer, since time.Time) ([]MonthCount, error)
	// Completions lists v's visible RMAs completed at or after since, by completion time.
	Completions(ctx context.Context, v Viewer, since time.Time) ([]Completion, error)
	// UnitWarranties classifies v's units against today (a UTC date) and lists their models,
	// sorted.
	UnitWarranties(ctx context.Context, v Viewer, today time.Time) (UnitsByWarranty, []string, error)
	// UnitModels lists the models of v's units, sorted, without counting anything.
	UnitModels(ctx context.Context, v Viewer) ([]string, error)
	// OpenCount counts v's visible RMAs, of any age, whose status is none of ended.
	OpenCount(ctx context.Context, v Viewer, ended []Status) (int, error)
}

// Stats computes the dashboard of a viewer.
type Stats struct {
	store StatsStore
	now   func() time.Time
}

// NewStats wires the dashboard. now may be nil (time.Now).
func NewStats(store StatsStore, now func() time.Time) *Stats {
	if now == nil {
		now = time.Now
	}
	return &Stats{store: store, now: now}
}

// Dashboard computes v's figures for the RMAs opened (and completed) since since. Days are
// rounded to a tenth.
func (s *Stats) Dashboard(ctx context.Context, v Viewer, since time.Time) (DashboardStats, error) {
	now := s.now().UTC()
	out := DashboardStats{ByStatus: map[Status]int{}, ByMonth: emptyMonths(since.UTC(), now), Turnaround: turnaround(nil), Models: []string{}}
	if v.Subject == "" {
		return out, nil
	}
	var err error
	if out.ByStatus, err = s.store.StatusCounts(ctx, v, since); err != nil {
		return DashboardStats{}, err
	}
	monthly, err := s.store.MonthlyCounts(ctx, v, since)
	if err != nil {
		return DashboardStats{}, err
	}
	for _, m := range monthly {
		if i := slices.IndexFunc(out.ByMonth, func(c MonthCount) bool { return c.Month == m.Month }); i >= 0 {
			out.ByMonth[i] = m
		}
	}
	completions, err := s.store.Completions(ctx, v, since)
	if err != nil {
		return DashboardStats{}, err
	}
	out.Turnaround = turnaround(completions)
	if out.Units, out.Models, err = s.store.UnitWarranties(ctx, v, dateOf(now)); err != nil {
		return DashboardStats{}, err
	}
	if out.Open, err = s.store.OpenCount(ctx, v, EndStatuses); err != nil {
		return DashboardStats{}, err
	}
	return out, nil
}

// Models lists the models of v's units (registered, and those of their visible RMAs), sorted:
// what the drivers page offers downloads for, without computing the dashboard.
func (s *Stats) Models(ctx context.Context, v Viewer) ([]string, error) {
	if v.Subject == "" {
		return []string{}, nil
	}
	return s.store.UnitModels(ctx, v)
}

// emptyMonths lists every month from since's to now's, each with zero RMAs.
func emptyMonths(since, now time.Time) []MonthCount {
	months := []MonthCount{}
	m := time.Date(since.Year(), since.Month(), 1, 0, 0, 0, 0, time.UTC)
	for !m.After(now) {
		months = append(months, MonthCount{Month: m.Format(MonthLayout)})
		m = m.AddDate(0, 1, 0)
	}
	return months
}

// turnaround summarises completions, which come ordered by completion time.
func turnaround(cs []Completion) Turnaround {
	t := Turnaround{Closed: len(cs), ByMonth: []MonthDays{}}
	if len(cs) == 0 {
		return t
	}
	days := make([]float64, len(cs))
	var sum float64
	var month string
	var monthSum float64
	var monthN int
	flush := func() {
		if monthN > 0 {
			t.ByMonth = append(t.ByMonth, MonthDays{Month: month, AverageDays: tenth(monthSum / float64(monthN))})
		}
	}
	for i, c := range cs {
		d := c.CompletedAt.Sub(c.CreatedAt).Hours() / 24
		days[i], sum = d, sum+d
		if m := c.CompletedAt.UTC().Format(MonthLayout); m != month {
			flush()
			month, monthSum, monthN = m, 0, 0
		}
		monthSum, monthN = monthSum+d, monthN+1
	}
	flush()
	t.AverageDays = tenth(sum / float64(len(cs)))
	slices.Sort(days)
	mid := len(days) / 2
	if len(days)%2 == 1 {
		t.MedianDays = tenth(days[mid])
	} else {
		t.MedianDays = tenth((days[mid-1] + days[mid]) / 2)
	}
	return t
}

func tenth(x float64) float64 { return math.Round(x*10) / 10 }
