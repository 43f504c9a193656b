package rma_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/rma/rma"
)

// figures is an rma.StatsStore that answers fixed figures and remembers what it was asked.
type figures struct {
	completions []rma.Completion
	monthly     []rma.MonthCount
	asked       []rma.Viewer
	today       time.Time
	ended       []rma.Status
}

func (f *figures) StatusCounts(_ context.Context, v rma.Viewer, _ time.Time) (map[rma.Status]int, error) {
	f.asked = append(f.asked, v)
	return map[rma.Status]int{rma.StatusClosed: 2}, nil
}

func (f *figures) MonthlyCounts(context.Context, rma.Viewer, time.Time) ([]rma.MonthCount, error) {
	return f.monthly, nil
}

func (f *figures) Completions(context.Context, rma.Viewer, time.Time) ([]rma.Completion, error) {
	return f.completions, nil
}

func (f *figures) UnitWarranties(_ context.Context, _ rma.Viewer, today time.Time) (rma.UnitsByWarranty, []string, error) {
	f.today = today
	return rma.UnitsByWarranty{InWarranty: 1}, []string{"RL14"}, nil
}

func (f *figures) UnitModels(context.Context, rma.Viewer) ([]string, error) {
	return []string{"RL14"}, nil
}

func (f *figures) OpenCount(_ context.Context, _ rma.Viewer, ended []rma.Status) (int, error) {
	f.ended = ended
	return 5, nil
}

func at(s string) time.Time {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return t
}

func TestDashboard_FillsEveryMonthAndSummarisesTurnaround(t *testing.T) {
	store := &figures{
		monthly: []rma.MonthCount{{Month: "2026-01", Repair: 2}, {Month: "2026-03", Repair: 1, Recycle: 1}},
		completions: []rma.Completion{
			{CreatedAt: at("2026-01-01T00:00:00Z"), CompletedAt: at("2026-01-11T00:00:00Z")}, // 10 days
			{CreatedAt: at("2026-01-20T00:00:00Z"), CompletedAt: at("2026-01-24T12:00:00Z")}, // 4.5
			{CreatedAt: at("2026-02-20T00:00:00Z"), CompletedAt: at("2026-03-02T00:00:00Z")}, // 10
			{CreatedAt: at("2026-03-01T00:00:00Z"), CompletedAt: at("2026-03-03T00:00:00Z")}, // 2
		},
	}
	stats := rma.NewStats(store, func() time.Time { return at("2026-03-15T09:30:00+02:00") })
	v := rma.Viewer{Subject: "usr_olivia", Org: "FleetCo Utilities"}
	got, err := stats.Dashboard(t.Context(), v, at("2025-12-31T23:00:00-02:00"))
	require.NoError(t, err)

	require.Equal(t, map[rma.Status]int{rma.StatusClosed: 2}, got.ByStatus)
	require.Equal(t, []rma.MonthCount{
		{Month: "2026-01", Repair: 2}, {Month: "2026-02"}, {Month: "2026-03", Repair: 1, Recycle: 1},
	}, got.ByMonth, "months in UTC, none missing")
	require.Equal(t, rma.Turnaround{
		Closed: 4, AverageDays: 6.6, MedianDays: 7.3,
		ByMonth: []rma.MonthDays{{Month: "2026-01", AverageDays: 7.3}, {Month: "2026-03", AverageDays: 6}},
	}, got.Turnaround)
	require.Equal(t, rma.UnitsByWarranty{InWarranty: 1}, got.Units)
	require.Equal(t, []string{"RL14"}, got.Models)
	require.Equal(t, 5, got.Open)
	require.ElementsMatch(t, []rma.Status{rma.StatusClosed, rma.StatusCancelled, rma.StatusRecycled}, store.ended)
	require.Equal(t, []rma.Viewer{v}, store.asked)
	require.Equal(t, at("2026-03-15T00:00:00Z"), store.today, "units are judged on today's UTC date")
}

func TestDashboard_OddCountMedianIsTheMiddleOne(t *testing.T) {
	store := &figures{completions: []rma.Completion{
		{CreatedAt: at("2026-01-01T00:00:00Z"), CompletedAt: at("2026-01-02T00:00:00Z")},
		{CreatedAt: at("2026-01-01T00:00:00Z"), CompletedAt: at("2026-01-31T00:00:00Z")},
		{CreatedAt: at("2026-01-01T00:00:00Z"), CompletedAt: at("2026-02-04T00:00:00Z")},
	}}
	got, err := rma.NewStats(store, func() time.Time { return at("2026-03-01T00:00:00Z") }).
		Dashboard(t.Context(), rma.Viewer{Subject: "usr_casey"}, at("2026-01-01T00:00:00Z"))
	require.NoError(t, err)
	require.Equal(t, 30.0, got.Turnaround.MedianDays)
	require.Equal(t, 21.7, got.Turnaround.AverageDays)
}

func TestDashboard_NobodySignedInGetsEmptyFigures(t *testing.T) {
	store := &figures{}
	got, err := rma.NewStats(store, func() time.Time { return at("2026-03-01T00:00:00Z") }).
		Dashboard(t.Context(), rma.Viewer{}, at("2026-02-01T00:00:00Z"))
	require.NoError(t, err)
	require.Empty(t, store.asked, "the store is not asked")
	require.Equal(t, rma.DashboardStats{
		ByStatus: map[rma.Status]int{}, ByMonth: []rma.MonthCount{{Month: "2026-02"}, {Month: "2026-03"}},
		Turnaround: rma.Turnaround{ByMonth: []rma.MonthDays{}}, Models: []string{},
	}, got)
}
