package compose_test

import (
	"testing"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/identity"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/portal/compose"
)

// `portal seed` gives the embedded provider's demo customers their history once: casey's
// thirty RMAs (RT10000006's among them) and FleetCo Utilities' two hundred, stamped with the
// organization.
func TestIntegrationSeed_WritesTheDemoHistoryOnce(t *testing.T) {
	cfg := postgresConfig(t)
	migrateAndSeed(t, cfg)
	gdb := openDatabase(t, cfg)
	perOwner := func() map[string]int64 {
		var rows []struct {
			Owner, Org string
			N          int64
		}
		require.NoError(t, gdb.Table("rma_rmas").Select("owner, org, COUNT(*) AS n").Group("owner, org").Find(&rows).Error)
		out := map[string]int64{}
		for _, r := range rows {
			out[r.Owner+"|"+r.Org] = r.N
		}
		return out
	}
	want := map[string]int64{
		identity.DemoCaseyID + "|": 30, identity.DemoOliviaID + "|FleetCo Utilities": 110, identity.DemoDiegoID + "|FleetCo Utilities": 90,
	}
	require.Equal(t, want, perOwner())
	var existing struct{ Owner, Serial string }
	require.NoError(t, gdb.Table("rma_rmas").Where("number = ?", "RMA-100417").Take(&existing).Error)
	require.Equal(t, identity.DemoCaseyID, existing.Owner)
	require.Equal(t, "RT10000006", existing.Serial)

	events := eventCount(t, gdb)
	require.NoError(t, compose.Seed(t.Context(), cfg, gdb, testkit.Quiet()))
	require.Equal(t, want, perOwner())
	require.Equal(t, events, eventCount(t, gdb))
}

func eventCount(t *testing.T, gdb *gorm.DB) int64 {
	t.Helper()
	var n int64
	require.NoError(t, gdb.Table("rma_events").Count(&n).Error)
	return n
}
