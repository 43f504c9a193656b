//go:build pact

package repairpact

import (
	"testing"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/pact-foundation/pact-go/v2/models"
	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/auth/authtest"
	"rugged.example/portal/api/pkg/cache"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/pacttest"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/repair/repairapi"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/rma/rmadb"
	"rugged.example/portal/api/rma/rmatest"
	"rugged.example/portal/api/shipping/shippingapi"
)

// TestProvider_HonoursTheBrowsersPacts serves the real router, backed by the real store on
// SQLite, and replays every interaction the consumer recorded.
func TestProvider_HonoursTheBrowsersPacts(t *testing.T) {
	log := testkit.Quiet()
	gdb := testkit.SQLite(t)
	require.NoError(t, rmadb.Migrate(t.Context(), gdb))
	store := rmadb.NewStore(gdb)
	signer := authtest.NewSigner(t)

	require.NoError(t, rmadb.SeedRepairOptions(t.Context(), store))
	units := rma.NewService(store, cache.NewMemory(100), log, nil)
	// The repair API's own parts are real; the capabilities it calls are the rma module's fakes,
	// since this verifies the repair contract, not theirs.
	claimer := rmatest.NewClaimer("casey")
	creator := &rma.Creator{
		Store: store, Tx: db.NewTransactor(gdb), Addresses: rmatest.Addresses{}, Uploads: claimer,
		Shipping: &rmatest.Issuer{}, Mail: &rmatest.Mailer{}, Units: units, Secrets: rmatest.Sealer{},
		Log: log, DocumentURL: shippingapi.DocumentPath, Now: time.Now,
	}

	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	repairapi.Routes(r, auth.NewGuard(signer.Verifier(), log), units, creator, log)

	// State strings are the consumer's, word for word.
	states := models.StateHandlers{
		"unit RT10000001 is in warranty": func(setup bool, _ models.ProviderState) (models.ProviderStateResponse, error) {
			if setup {
				return nil, store.UpsertUnits(t.Context(), rmadb.DemoUnits()[:1])
			}
			return nil, nil
		},
		"unit RT10000001 is in warranty and the customer uploaded rma/photo.jpg": func(setup bool, _ models.ProviderState) (models.ProviderStateResponse, error) {
			if setup {
				claimer.Owned["rma/photo.jpg"] = "casey"
				clear(claimer.Claimed)
				return nil, store.UpsertUnits(t.Context(), rmadb.DemoUnits()[:1])
			}
			return nil, nil
		},
		"no unit has serial ZZ99999999": func(bool, models.ProviderState) (models.ProviderStateResponse, error) {
			return nil, nil
		},
	}
	pacttest.Verify(t, "portal-repair-api", r, states, func() string { return signer.Customer(t, "casey") })
}
