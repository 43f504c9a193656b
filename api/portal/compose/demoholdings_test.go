package compose_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/identity"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/portal/compose"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/rma/rmadb"
)

// The README names adam's units: the seed registers them once, the demo history gives them no
// RMA (they are adam's through their registration only), and three are VX12 video units.
func TestIntegrationSeed_AdamHoldsTheDocumentedUnits(t *testing.T) {
	cfg := embeddedConfig(t)
	migrateAndSeed(t, cfg)
	gdb := openDatabase(t, cfg)
	holdings := rma.NewHoldings(rmadb.NewStore(gdb))
	adam := rma.Viewer{Subject: identity.DemoAdamID}

	check := func() {
		held, err := holdings.Held(t.Context(), adam, rma.HeldFilter{})
		require.NoError(t, err)
		var serials []string
		for _, h := range held {
			serials = append(serials, h.Unit.Serial)
			require.Equal(t, []string{rma.SourceRegistration}, h.Sources, h.Unit.Serial)
		}
		require.Equal(t, []string{"RT10001029", "RT10001095", "VT10001007", "VT10001021", "VT10001032"}, serials)
		video, err := holdings.Held(t.Context(), adam, rma.HeldFilter{ProductType: rma.ProductTypeVeretos, Model: "VX12"})
		require.NoError(t, err)
		require.Len(t, video, 3)
	}
	check()
	require.NoError(t, compose.Seed(t.Context(), cfg, gdb, testkit.Quiet()))
	check()

	casey, err := holdings.Held(t.Context(), rma.Viewer{Subject: identity.DemoCaseyID}, rma.HeldFilter{})
	require.NoError(t, err)
	require.NotEmpty(t, casey, "casey's units come from her RMAs")
	for _, h := range casey {
		require.Contains(t, h.Sources, rma.SourceRMA)
	}
}
