package rmadb_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/rma/rmadb"
)

func migrated(t *testing.T, gdb *gorm.DB) *rmadb.Store {
	t.Helper()
	require.NoError(t, rmadb.Migrate(t.Context(), gdb))
	return rmadb.NewStore(gdb)
}

// One suite, both databases: the store must read back exactly what it wrote.
func TestIntegrationStore_RoundTripsEveryField(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		s := migrated(t, gdb)
		demo := rmadb.DemoUnits()
		require.NoError(t, s.UpsertUnits(t.Context(), demo))
		for _, want := range demo {
			got, err := s.UnitBySerial(t.Context(), want.Serial)
			require.NoError(t, err)
			require.Equal(t, want, got)
		}
	})
}

func TestIntegrationStore_RoundTripsRepairOptionPrices(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		s := migrated(t, gdb)
		want := []rma.FaultOptions{
			{Name: "Display", Options: []rma.Option{
				{Name: "Cracked", Price: money.USD(289_99), Tip: "Photograph it."},
				{Name: "Pixels", Price: money.USD(1), Tip: ""},
			}},
			{Name: "Power", Options: []rma.Option{{Name: "Battery", Price: money.Money{Cents: 11_900, Currency: "EUR"}}}},
		}
		require.NoError(t, s.ReplaceRepairOptions(t.Context(), "RL14", rma.DefaultRMAType, want))
		got, err := s.RepairOptions(t.Context(), "RL14", rma.DefaultRMAType)
		require.NoError(t, err)
		require.Equal(t, want, got)
	})
}

func TestIntegrationStore_UnknownSerialIsNotFound(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		_, err := migrated(t, gdb).UnitBySerial(t.Context(), "ZZ99999999")
		require.ErrorIs(t, err, rma.ErrUnitNotFound)
	})
}

func TestIntegrationSeedDemo_SeedsOnceAndKeepsChanges(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		s := migrated(t, gdb)
		require.NoError(t, rmadb.SeedDemo(t.Context(), s))
		n, err := s.CountUnits(t.Context())
		require.NoError(t, err)
		require.EqualValues(t, len(rmadb.DemoUnits())+rmadb.FleetSize, n)

		changed := rmadb.DemoUnits()[0]
		changed.OpenRMANumber = "RMA-5"
		require.NoError(t, s.UpsertUnits(t.Context(), []rma.Unit{changed}))
		require.NoError(t, rmadb.SeedDemo(t.Context(), s))
		got, err := s.UnitBySerial(t.Context(), changed.Serial)
		require.NoError(t, err)
		require.Equal(t, "RMA-5", got.OpenRMANumber)
	})
}

func TestDemoUnits_CoverEveryCardState(t *testing.T) {
	seen := map[rma.CardState]bool{}
	for _, u := range rmadb.DemoUnits() {
		seen[u.CardState(rmatestToday)] = true
	}
	require.Len(t, seen, 6)
}

func TestFleetUnits_IsDeterministicAndUnique(t *testing.T) {
	a, b := rmadb.FleetUnits(rmadb.FleetSize), rmadb.FleetUnits(rmadb.FleetSize)
	require.Equal(t, a, b)
	serials := map[string]bool{}
	for _, u := range append(a, rmadb.DemoUnits()...) {
		require.False(t, serials[u.Serial], "duplicate %s", u.Serial)
		serials[u.Serial] = true
	}
}

var rmatestToday = mustDay("2026-11-22")

func mustDay(s string) time.Time {
	t, err := time.Parse("2006-01-02", s)
	if err != nil {
		panic(err)
	}
	return t
}
