package rmadb_test

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/rma/rmadb"
)

var historyNow = time.Date(2026, 11, 23, 15, 0, 0, 0, time.UTC)

func demoHistory(now time.Time) rmadb.DemoHistory {
	fleetco := rma.Address{Line1: "455 Industrial Pkwy", City: "Columbus", State: "OH", Country: "US", PostalCode: "43219"}
	return rmadb.DemoHistory{
		Now: now, Staff: "usr_adam", ExistingRMAOwner: "usr_casey",
		Customers: []rmadb.DemoCustomer{
			{Subject: "usr_casey", Name: "Casey Morgan", RMAs: 30, ReferencePrefix: "MFS",
				Contact: rma.Contact{FirstName: "Casey", LastName: "Morgan", Email: "casey@example.com", Phone: "5125550142", PhoneCountryCode: "US"},
				Address: rma.Address{Line1: "2100 Riverside Dr", City: "Austin", State: "TX", Country: "US", PostalCode: "78741"}},
			{Subject: "usr_olivia", Org: "FleetCo Utilities", Name: "Olivia Chen", RMAs: 110, ReferencePrefix: "FC-WO", AssetTagPrefix: "FC",
				Contact: rma.Contact{FirstName: "Olivia", LastName: "Chen", Email: "olivia@fleetco.example"}, Address: fleetco},
			// Diego ships from the Dayton branch: its contact is not who opened the RMAs.
			{Subject: "usr_diego", Org: "FleetCo Utilities", Name: "Diego Alvarez", RMAs: 90, ReferencePrefix: "FC-WO", AssetTagPrefix: "FC",
				Contact: rma.Contact{FirstName: "Marcus", LastName: "Hill", Email: "dayton@fleetco.example"}, Address: fleetco},
		},
	}
}

// seededHistory is a registry with the demo units and fleet and the demo history.
func seededHistory(t *testing.T, gdb *gorm.DB) *rmadb.Store {
	t.Helper()
	s := migrated(t, gdb)
	require.NoError(t, rmadb.SeedDemo(t.Context(), s))
	started := time.Now()
	require.NoError(t, rmadb.SeedDemoHistory(t.Context(), s, demoHistory(historyNow)))
	t.Logf("demo history seeded in %s", time.Since(started))
	return s
}

type historyRow struct {
	Number, UID, Owner, Org, OpenedByName, Serial, RMAType, ReturnTrackingNumber, CustomerReference string
	Status                                                                                          rma.Status
	PromisedShipDate                                                                                *string
	CreatedAt, UpdatedAt                                                                            time.Time
}

type historyEvent struct {
	ID               int64
	RMANumber, Actor string
	Kind             rma.EventKind
	Status           rma.Status
	At               time.Time
}

func readHistory(t *testing.T, gdb *gorm.DB) ([]historyRow, map[string][]historyEvent, map[string]int) {
	t.Helper()
	var rows []historyRow
	require.NoError(t, gdb.Table("rma_rmas").Order("number").Find(&rows).Error)
	var events []historyEvent
	require.NoError(t, gdb.Table("rma_events").Order("id").Find(&events).Error)
	timelines := map[string][]historyEvent{}
	for _, e := range events {
		timelines[e.RMANumber] = append(timelines[e.RMANumber], e)
	}
	var work []struct {
		RMANumber string
		N         int
	}
	require.NoError(t, gdb.Table("rma_repair_work").Select("rma_number, COUNT(*) AS n").Group("rma_number").Find(&work).Error)
	works := map[string]int{}
	for _, w := range work {
		works[w.RMANumber] = w.N
	}
	return rows, timelines, works
}

func TestIntegrationSeedDemoHistory_EveryStatusForEveryCustomerWithConsistentTimelines(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		seededHistory(t, gdb)
		rows, timelines, works := readHistory(t, gdb)

		perOwner := map[string]int{}
		statuses := map[string]map[string]bool{}
		openBySerial := map[string]string{}
		for _, r := range rows {
			perOwner[r.Owner]++
			kind := "repair"
			if rma.IsRecycle(r.RMAType) {
				kind = "recycle"
			}
			if statuses[r.Owner] == nil {
				statuses[r.Owner] = map[string]bool{}
			}
			statuses[r.Owner][kind+" "+string(r.Status)] = true

			require.Less(t, r.Number, "RMA-100500", "below the counter's numbers")
			require.Len(t, r.UID, rma.UIDLength)
			require.False(t, r.CreatedAt.Before(historyNow.AddDate(-2, 0, -1)), r.Number)
			require.True(t, r.CreatedAt.Before(historyNow), r.Number)
			if r.Owner == "usr_casey" {
				require.Empty(t, r.Org)
			} else {
				require.Equal(t, "FleetCo Utilities", r.Org)
			}
			openers := map[string]string{"usr_casey": "Casey Morgan", "usr_olivia": "Olivia Chen", "usr_diego": "Diego Alvarez"}
			require.Equal(t, openers[r.Owner], r.OpenedByName, "the user's name, not the contact's")

			events := timelines[r.Number]
			require.NotEmpty(t, events, r.Number)
			require.Equal(t, rma.EventCreated, events[0].Kind, r.Number)
			require.Equal(t, r.Owner, events[0].Actor, r.Number)
			require.True(t, events[0].At.Equal(r.CreatedAt), r.Number)
			require.True(t, events[len(events)-1].At.Equal(r.UpdatedAt), "%s updated with its last event", r.Number)
			last, passed := rma.Status(""), map[rma.Status]bool{}
			for i, e := range events {
				if i > 0 {
					require.True(t, e.At.After(events[i-1].At), "%s: times increase", r.Number)
				}
				if e.Status == "" {
					continue
				}
				if last != "" {
					require.True(t, rma.CanMove(r.RMAType, last, e.Status), "%s: %s to %s", r.Number, last, e.Status)
				}
				last, passed[e.Status] = e.Status, true
			}
			require.Equal(t, r.Status, last, "%s ends in its status", r.Number)

			require.Equal(t, passed[rma.StatusReceived] && !rma.IsRecycle(r.RMAType), r.PromisedShipDate != nil,
				"%s: a received repair has its promised date", r.Number)

			shipped := passed[rma.StatusShippedBack]
			require.Equal(t, shipped, r.ReturnTrackingNumber != "", "%s: return tracking once shipped back", r.Number)
			if shipped {
				require.Positive(t, works[r.Number], "%s: repair work recorded", r.Number)
			}
			if !passed[rma.StatusRepairing] {
				require.Zero(t, works[r.Number], "%s: no work before repair", r.Number)
			}
			if r.Status != rma.StatusClosed && r.Status != rma.StatusCancelled && r.Status != rma.StatusRecycled {
				require.Empty(t, openBySerial[r.Serial], "%s: one open RMA per unit", r.Serial)
				openBySerial[r.Serial] = r.Number
			}
		}
		require.Equal(t, map[string]int{"usr_casey": 30, "usr_olivia": 110, "usr_diego": 90}, perOwner)

		var every []string
		for _, s := range []rma.Status{rma.StatusAwaitingPayment, rma.StatusAwaitingUnit, rma.StatusReceived, rma.StatusDiagnosing,
			rma.StatusQuotePending, rma.StatusRepairing, rma.StatusShippedBack, rma.StatusClosed, rma.StatusCancelled} {
			every = append(every, "repair "+string(s))
		}
		every = append(every, "recycle AWAITING_UNIT", "recycle RECEIVED", "recycle RECYCLED")
		for owner, seen := range statuses {
			for _, want := range every {
				require.True(t, seen[want], "%s has an RMA in %s", owner, want)
			}
		}

		// Units name exactly the open RMAs; the documented units have none but RT10000006's.
		var units []struct{ Serial, OpenRMANumber string }
		require.NoError(t, gdb.Table("rma_units").Where("open_rma_number <> ''").Find(&units).Error)
		named := map[string]string{}
		for _, u := range units {
			named[u.Serial] = u.OpenRMANumber
		}
		require.Equal(t, openBySerial, named)
		require.Equal(t, "RMA-100417", named["RT10000006"])
		i := slices.IndexFunc(rows, func(r historyRow) bool { return r.Number == "RMA-100417" })
		require.Equal(t, "usr_casey", rows[i].Owner)
		require.Equal(t, "RT10000006", rows[i].Serial)
		for _, r := range rows {
			if r.Serial != "RT10000006" {
				require.NotRegexp(t, `^[RV]T10000\d{3}$`, r.Serial, "%s is on a documented unit", r.Number)
			}
		}
	})
}

func TestIntegrationSeedDemoHistory_SeedingAgainAddsNothing(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		s := seededHistory(t, gdb)
		count := func() string {
			var out string
			for _, table := range []string{"rma_rmas", "rma_lines", "rma_events", "rma_repair_work"} {
				var n int64
				require.NoError(t, gdb.Table(table).Count(&n).Error)
				out += fmt.Sprintf("%s=%d ", table, n)
			}
			return out
		}
		before := count()
		require.NoError(t, rmadb.SeedDemoHistory(t.Context(), s, demoHistory(historyNow.Add(48*time.Hour))))
		require.Equal(t, before, count())
	})
}

// The seed decides the history, whenever it is seeded: a day later the same RMAs have the same
// numbers, units and statuses, every time a day later.
func TestIntegrationSeedDemoHistory_IsTheSameHistoryWheneverSeeded(t *testing.T) {
	snapshot := func(gdb *gorm.DB, now time.Time) []string {
		rows, timelines, _ := readHistory(t, gdb)
		var out []string
		for _, r := range rows {
			events := timelines[r.Number]
			out = append(out, fmt.Sprintf("%s %s %s %s %s %s %d", r.Number, r.Owner, r.Serial, r.Status,
				now.Sub(r.CreatedAt), now.Sub(events[len(events)-1].At), len(events)))
		}
		return out
	}
	a, b := testkit.SQLite(t), testkit.SQLite(t)
	seededHistory(t, a)
	require.NoError(t, rmadb.SeedDemo(t.Context(), migrated(t, b)))
	later := historyNow.Add(26*time.Hour + 7*time.Minute)
	require.NoError(t, rmadb.SeedDemoHistory(t.Context(), rmadb.NewStore(b), demoHistory(later)))
	require.Equal(t, snapshot(a, historyNow), snapshot(b, later))
}

// The embedded default seeds at every start, so the history must cost little.
func TestIntegrationSeedDemoHistory_IsFastOnSQLite(t *testing.T) {
	gdb := testkit.SQLite(t)
	s := migrated(t, gdb)
	require.NoError(t, rmadb.SeedDemo(t.Context(), s))
	started := time.Now()
	require.NoError(t, rmadb.SeedDemoHistory(t.Context(), s, demoHistory(historyNow)))
	require.Less(t, time.Since(started), 2*time.Second)
}

// Without the demo fleet (a registry imported from elsewhere) there is no demo history.
func TestIntegrationSeedDemoHistory_LeavesARegistryWithoutTheFleetAlone(t *testing.T) {
	gdb := testkit.SQLite(t)
	s := migrated(t, gdb)
	require.NoError(t, s.UpsertUnits(t.Context(), rmadb.DemoUnits()[:3]))
	require.NoError(t, rmadb.SeedDemoHistory(t.Context(), s, demoHistory(historyNow)))
	var n int64
	require.NoError(t, gdb.Table("rma_rmas").Count(&n).Error)
	require.Zero(t, n)
}

// Customers who opened RMAs on most of the fleet before the history was seeded keep them; the
// history makes do with the units left and the start goes on.
func TestIntegrationSeedDemoHistory_MakesDoWithTheUnitsLeft(t *testing.T) {
	gdb := testkit.SQLite(t)
	s := migrated(t, gdb)
	require.NoError(t, rmadb.SeedDemo(t.Context(), s))
	require.NoError(t, gdb.Exec("UPDATE rma_units SET open_rma_number = 'RMA-100600' WHERE serial > 'RT10001010' AND open_rma_number = ''").Error)
	require.NoError(t, rmadb.SeedDemoHistory(t.Context(), s, demoHistory(historyNow)))

	rows, _, _ := readHistory(t, gdb)
	require.NotEmpty(t, rows)
	require.Less(t, len(rows), 230)
	var taken int64
	require.NoError(t, gdb.Table("rma_rmas").Where("serial > 'RT10001010'").Count(&taken).Error)
	require.Zero(t, taken, "units with another's RMA get none")
}
