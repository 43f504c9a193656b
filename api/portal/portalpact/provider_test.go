//go:build pact

package portalpact

import (
	"testing"

	"github.com/gin-gonic/gin"
	"github.com/pact-foundation/pact-go/v2/models"
	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/auth/authtest"
	"rugged.example/portal/api/pkg/pacttest"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/portal/graph"
	"rugged.example/portal/api/rma/rmadb"
	"rugged.example/portal/api/support/supporttest"
)

func TestProvider_HonoursTheBrowsersPacts(t *testing.T) {
	log := testkit.Quiet()
	gdb := testkit.SQLite(t)
	require.NoError(t, rmadb.Migrate(t.Context(), gdb))
	store := rmadb.NewStore(gdb)
	require.NoError(t, rmadb.SeedRepairOptions(t.Context(), store))
	signer := authtest.NewSigner(t)
	guard := auth.NewGuard(signer.Verifier(), log)

	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	help := supporttest.New(t, supporttest.Options{DB: gdb}).Service
	r.POST("/graphql", guard.MaybeSignedIn(), gin.WrapH(graph.Handler(&graph.Resolver{Units: store, Options: store, Support: help}, log)))

	states := models.StateHandlers{
		"unit RT10000001 is in warranty": func(setup bool, _ models.ProviderState) (models.ProviderStateResponse, error) {
			if setup {
				return nil, store.UpsertUnits(t.Context(), rmadb.DemoUnits()[:1])
			}
			return nil, nil
		},
		"no unit has serial ZZ99999999": func(bool, models.ProviderState) (models.ProviderStateResponse, error) { return nil, nil },
	}
	pacttest.Verify(t, "portal-graphql", r, states, func() string { return signer.Customer(t, "casey") })
}
