package batch_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/batch/batch"
	"rugged.example/portal/api/batch/batchtest"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/rma/rmadb"
)

// registry migrates the rma schema on gdb and seeds the demo units, the fleet and the options,
// as the embedded default does.
func registry(tb testing.TB, gdb *gorm.DB) *rmadb.Store {
	tb.Helper()
	ctx := context.Background()
	require.NoError(tb, rmadb.Migrate(ctx, gdb))
	store := rmadb.NewStore(gdb)
	require.NoError(tb, rmadb.SeedDemo(ctx, store))
	require.NoError(tb, rmadb.SeedRepairOptions(ctx, store))
	return store
}

func realService(store *rmadb.Store) *batch.Service {
	return batch.NewService(batch.Deps{
		Units: store, Options: store, Branches: &batchtest.Branches{}, Discounts: &batchtest.Discounts{Percent: 10},
		Now: func() time.Time { return today },
	})
}

// fleetRows is a batch of n rows: the demo fleet's units with a display repair, then unknown
// serials, with every tenth row repeating an earlier serial.
func fleetRows(n int) []batch.Row {
	rows := make([]batch.Row, 0, n)
	for i := range n {
		serial := fmt.Sprintf("RT%08d", 10001000+i)
		if i >= rmadb.FleetSize {
			serial = fmt.Sprintf("RT9%07d", i)
		}
		if i%10 == 9 {
			serial = rows[i-5].Serial
		}
		rows = append(rows, batch.Row{Serial: serial, Fault: "Display", Problem: "Cracked or broken screen", Notes: "Cracked in a fall.", HasData: no()})
	}
	return rows
}

// Through the real registry the verdicts are the fakes' verdicts: the store's bulk reads
// answer what the core expects, on both databases.
func TestIntegrationPreflight_OnTheRealRegistry(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		svc := realService(registry(t, gdb))
		rows := append([]batch.Row{good("RT10000001"), good("RT10000002"), good("RT10000004"), good("RT10000006")}, fleetRows(batch.MaxRows-4)...)
		got, err := svc.Preflight(t.Context(), casey, "", rows)
		require.NoError(t, err)
		want, err := newFakes().svc.Preflight(t.Context(), casey, "", rows)
		require.NoError(t, err)
		require.Equal(t, want, got)
		require.Equal(t, batch.InWarranty, got.Rows[0].Entitlement)
		require.Equal(t, price("260.10"), got.Rows[1].Price)
		require.Positive(t, got.Summary.OK)
		require.Positive(t, got.Summary.Failed)
	})
}

// BenchmarkIntegrationPreflight_1000Rows is `make bench`'s figure for the floor (1,000
// rows within 10 s) on PostgreSQL with the demo registry.
func BenchmarkIntegrationPreflight_1000Rows(b *testing.B) {
	svc := realService(registry(b, testkit.Postgres(b)))
	rows := fleetRows(batch.MaxRows)
	for b.Loop() {
		if _, err := svc.Preflight(context.Background(), casey, "", rows); err != nil {
			b.Fatal(err)
		}
	}
}
