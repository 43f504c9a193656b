package rmadb_test

import (
	"testing"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/rma/rmadb"
)

// The bulk reads answer exactly what the one-at-a-time reads answer, for known rows only.
func TestIntegrationStore_ManyReadsMatchTheSingleReads(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		s := migrated(t, gdb)
		units := append(rmadb.DemoUnits(), rmadb.FleetUnits(1200)...)
		require.NoError(t, s.UpsertUnits(t.Context(), units))
		require.NoError(t, rmadb.SeedRepairOptions(t.Context(), s))

		serials := []string{"NOPE0000001"}
		for _, u := range units {
			serials = append(serials, u.Serial)
		}
		got, err := s.UnitsBySerials(t.Context(), serials)
		require.NoError(t, err)
		require.Len(t, got, len(units), "every known serial once, across chunks; the unknown one absent")
		for _, u := range got[:20] {
			one, err := s.UnitBySerial(t.Context(), u.Serial)
			require.NoError(t, err)
			require.Equal(t, one, u)
		}

		byModel, err := s.RepairOptionsOfModels(t.Context(), []string{"RL14", "TH6", "EX70", "NOSUCH"}, rma.DefaultRMAType)
		require.NoError(t, err)
		for _, model := range []string{"RL14", "TH6"} {
			one, err := s.RepairOptions(t.Context(), model, rma.DefaultRMAType)
			require.NoError(t, err)
			require.Equal(t, one, byModel[model], model)
		}
		require.NotContains(t, byModel, "EX70", "a model without options is absent")
		require.NotContains(t, byModel, "NOSUCH")
	})
}
