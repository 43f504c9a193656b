package compose_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/identity"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/portal/compose"
)

// `portal seed` gives casey and FleetCo's members a few parts orders once, so
// parts-orders-history has something to show; olivia's are paid by purchase order.
func TestIntegrationSeed_WritesTheDemoPartsOrdersOnce(t *testing.T) {
	cfg := postgresConfig(t)
	migrateAndSeed(t, cfg)
	gdb := openDatabase(t, cfg)
	perOwner := func() map[string]int64 { return rowsPerOwnerAndOrg(t, gdb, "parts_orders") }
	want := map[string]int64{
		identity.DemoCaseyID + "|": 4, identity.DemoOliviaID + "|FleetCo Utilities": 4, identity.DemoDiegoID + "|FleetCo Utilities": 2,
	}
	require.Equal(t, want, perOwner())
	var po int64
	require.NoError(t, gdb.Table("parts_orders").Where("owner = ? AND payment_method = ?", identity.DemoOliviaID, "PO").Count(&po).Error)
	require.Equal(t, int64(4), po)

	require.NoError(t, compose.Seed(t.Context(), cfg, gdb, testkit.Quiet()))
	require.Equal(t, want, perOwner(), "seeding again writes nothing")
}
