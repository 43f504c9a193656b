package rmadb_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/rma/rmadb"
)

func day(s string) time.Time {
	t, err := time.Parse("2006-01-02 15:04", s)
	if err != nil {
		panic(err)
	}
	return t
}

// putRMA stores an RMA of owner under org for serial in status with its creation event and one
// status event per (status, time) pair, as the lifecycle leaves them.
func putRMA(t *testing.T, s *rmadb.Store, number, owner, org, serial, rmaType string, status rma.Status, created time.Time, moves ...any) rma.RMA {
	t.Helper()
	uid, err := rma.NewUID()
	require.NoError(t, err)
	r := rma.RMA{
		Number: number, UID: uid, Owner: owner, Org: org, Serial: serial, Model: "RL14", PartNumber: "RL14-G2-16",
		Type: rmaType, Status: status, Method: rma.ShipLabel, CreatedAt: created,
		Problem: rma.Problem{PrimaryFault: "Display", Problem: "Cracked or broken screen"},
	}
	ctx := t.Context()
	require.NoError(t, s.CreateRMA(ctx, r, ""))
	require.NoError(t, s.AddEvent(ctx, rma.Event{RMANumber: number, At: created, Kind: rma.EventCreated, Status: rma.StatusAwaitingUnit, Actor: owner}))
	require.NoError(t, s.AddEvent(ctx, rma.Event{RMANumber: number, At: created.Add(time.Minute), Kind: rma.EventLabelIssued, Actor: rma.ActorSystem}))
	for i := 0; i < len(moves); i += 2 {
		require.NoError(t, s.AddEvent(ctx, rma.Event{
			RMANumber: number, At: moves[i+1].(time.Time), Kind: rma.EventStatus, Status: moves[i].(rma.Status), Actor: "usr_adam",
		}))
	}
	return r
}

// statsFixture is a small known history around FleetCo Utilities (olivia and diego), casey
// and another organization, as of 2026-03-15.
func statsFixture(t *testing.T, gdb *gorm.DB) *rmadb.Store {
	t.Helper()
	s := migrated(t, gdb)
	require.NoError(t, s.UpsertUnits(t.Context(), rmadb.DemoUnits()))
	const fleetco = "FleetCo Utilities"
	putRMA(t, s, "RMA-1", "usr_olivia", fleetco, "RT10000001", "REPAIR", rma.StatusClosed, day("2026-01-10 10:00"),
		rma.StatusShippedBack, day("2026-01-20 10:00"), rma.StatusClosed, day("2026-01-25 10:00"))
	putRMA(t, s, "RMA-2", "usr_diego", fleetco, "RT10000003", "REPAIR", rma.StatusShippedBack, day("2026-02-01 08:00"),
		rma.StatusShippedBack, day("2026-02-05 08:00"))
	putRMA(t, s, "RMA-3", "usr_diego", fleetco, "RT10000002", "RECYCLE", rma.StatusRecycled, day("2026-02-10 12:00"),
		rma.StatusReceived, day("2026-02-12 12:00"), rma.StatusRecycled, day("2026-02-17 12:00"))
	putRMA(t, s, "RMA-4", "usr_casey", "", "RT10000005", "REPAIR", rma.StatusAwaitingUnit, day("2026-02-15 09:00"))
	// Olivia's own RMA from before she joined the organization, before the period.
	putRMA(t, s, "RMA-5", "usr_olivia", "", "RT10000009", "REPAIR", rma.StatusClosed, day("2024-01-01 00:00"),
		rma.StatusShippedBack, day("2024-01-05 00:00"), rma.StatusClosed, day("2024-01-08 00:00"))
	putRMA(t, s, "RMA-6", "usr_other", "OtherCo", "RT10000008", "REPAIR", rma.StatusShippedBack, day("2026-02-01 00:00"),
		rma.StatusShippedBack, day("2026-02-02 00:00"))
	// An RMA of diego's in the last month of the period, created on its last evening in UTC.
	putRMA(t, s, "RMA-7", "usr_diego", fleetco, "RT10000001", "RECYCLE_CREDIT", rma.StatusAwaitingUnit, day("2026-03-14 23:30"))

	regs := rma.NewRegistrations(s, db.NewTransactor(gdb), func() time.Time { return day("2026-03-01 00:00") })
	_, err := regs.Register(t.Context(), olivia, "VT10000007", day("2025-01-01 00:00"), "po/1.pdf")
	require.NoError(t, err)
	_, err = regs.Register(t.Context(), diego, "RT10000004", day("2020-01-01 00:00"), "po/2.pdf")
	require.NoError(t, err)
	_, err = regs.Register(t.Context(), casey, "RT10000006", day("2025-01-01 00:00"), "po/3.pdf")
	require.NoError(t, err)
	return s
}

func TestIntegrationDashboard_ExactFiguresOfAKnownHistory(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		s := statsFixture(t, gdb)
		stats := rma.NewStats(s, func() time.Time { return day("2026-03-15 12:00") })
		since := day("2025-12-15 00:00")

		got, err := stats.Dashboard(t.Context(), olivia, since)
		require.NoError(t, err)
		require.Equal(t, rma.DashboardStats{
			ByStatus: map[rma.Status]int{rma.StatusClosed: 1, rma.StatusShippedBack: 1, rma.StatusRecycled: 1, rma.StatusAwaitingUnit: 1},
			ByMonth: []rma.MonthCount{
				{Month: "2025-12"}, {Month: "2026-01", Repair: 1}, {Month: "2026-02", Repair: 1, Recycle: 1}, {Month: "2026-03", Recycle: 1},
			},
			Turnaround: rma.Turnaround{
				Closed: 3, AverageDays: 7, MedianDays: 7,
				ByMonth: []rma.MonthDays{{Month: "2026-01", AverageDays: 10}, {Month: "2026-02", AverageDays: 5.5}},
			},
			// RT10000001 and RT10000009 (till 2027) and VT10000007 are covered, RT10000002 and
			// RT10000003 are not, RT10000004 is end of service.
			Units:  rma.UnitsByWarranty{InWarranty: 3, OutOfWarranty: 2, EndOfService: 1},
			Models: []string{"EX70", "RL14", "RL15", "ST10", "ST12", "VX12"},
			// RMA-2 (shipped back) and RMA-7 (awaiting its unit).
			Open: 2,
		}, got)

		got, err = stats.Dashboard(t.Context(), casey, since)
		require.NoError(t, err)
		require.Equal(t, map[rma.Status]int{rma.StatusAwaitingUnit: 1}, got.ByStatus)
		require.Equal(t, rma.Turnaround{ByMonth: []rma.MonthDays{}}, got.Turnaround)
		require.Equal(t, rma.UnitsByWarranty{InWarranty: 2}, got.Units, "RT10000005 of the RMA, RT10000006 registered")
		require.Equal(t, []string{"EX80", "TH6"}, got.Models, "the models the registry gives the units")

		// Without the organization, olivia's own only: RMA-1 in the period, RMA-5 before it.
		got, err = stats.Dashboard(t.Context(), rma.Viewer{Subject: "usr_olivia"}, since)
		require.NoError(t, err)
		require.Equal(t, map[rma.Status]int{rma.StatusClosed: 1}, got.ByStatus)
		require.Equal(t, 1, got.Turnaround.Closed)
		require.Equal(t, rma.UnitsByWarranty{InWarranty: 3}, got.Units)

		got, err = stats.Dashboard(t.Context(), rma.Viewer{Subject: "usr_nobody"}, since)
		require.NoError(t, err)
		require.Empty(t, got.ByStatus)
		require.Equal(t, rma.UnitsByWarranty{}, got.Units)
		require.Equal(t, []string{}, got.Models)
	})
}

// An RMA opened before the period and still under way is open all the same.
func TestIntegrationDashboard_OpenCountsRMAsOfAnyAge(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		s := statsFixture(t, gdb)
		putRMA(t, s, "RMA-8", "usr_olivia", "", "RT10000009", "REPAIR", rma.StatusRepairing, day("2023-06-01 00:00"),
			rma.StatusReceived, day("2023-06-05 00:00"), rma.StatusRepairing, day("2023-06-06 00:00"))
		stats := rma.NewStats(s, func() time.Time { return day("2026-03-15 12:00") })

		got, err := stats.Dashboard(t.Context(), olivia, day("2024-04-01 00:00"))
		require.NoError(t, err)
		require.Equal(t, 3, got.Open, "RMA-2, RMA-7 and the 2023 RMA-8")
		require.NotContains(t, got.ByStatus, rma.StatusRepairing, "the period's counts leave RMA-8 out")

		got, err = stats.Dashboard(t.Context(), casey, day("2024-04-01 00:00"))
		require.NoError(t, err)
		require.Equal(t, 1, got.Open)
	})
}

func TestIntegrationStats_ModelsOfTheViewersUnits(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		stats := rma.NewStats(statsFixture(t, gdb), func() time.Time { return day("2026-03-15 12:00") })
		for _, tc := range []struct {
			name string
			v    rma.Viewer
			want []string
		}{
			{"a member: theirs and the organization's", olivia, []string{"EX70", "RL14", "RL15", "ST10", "ST12", "VX12"}},
			{"a customer on their own", casey, []string{"EX80", "TH6"}},
			{"nobody's units", rma.Viewer{Subject: "usr_nobody"}, []string{}},
			{"nobody signed in", rma.Viewer{}, []string{}},
		} {
			t.Run(tc.name, func(t *testing.T) {
				got, err := stats.Models(t.Context(), tc.v)
				require.NoError(t, err)
				require.Equal(t, tc.want, got)
			})
		}
	})
}
