//go:build pact

package recyclepact

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
	"rugged.example/portal/api/recycle/recycleapi"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/rma/rmadb"
	"rugged.example/portal/api/rma/rmatest"
	"rugged.example/portal/api/shipping/shippingapi"
)

// The recycle API's own parts are real; the capabilities it calls are the rma module's fakes.
func TestProvider_HonoursTheBrowsersPacts(t *testing.T) {
	log := testkit.Quiet()
	gdb := testkit.SQLite(t)
	require.NoError(t, rmadb.Migrate(t.Context(), gdb))
	store := rmadb.NewStore(gdb)
	creator := &rma.Creator{
		Store: store, Tx: db.NewTransactor(gdb), Addresses: rmatest.Addresses{}, Uploads: rmatest.NewClaimer("casey"),
		Shipping: &rmatest.Issuer{}, Mail: &rmatest.Mailer{}, Units: rma.NewService(store, cache.NewMemory(10), log, nil),
		Secrets: rmatest.Sealer{}, Log: log, DocumentURL: shippingapi.DocumentPath, Now: time.Now,
	}
	signer := authtest.NewSigner(t)
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	recycleapi.Routes(r, auth.NewGuard(signer.Verifier(), log), creator, log)

	// Each state resets the demo units, so an earlier interaction's RMA does not block the next.
	reset := func(setup bool, _ models.ProviderState) (models.ProviderStateResponse, error) {
		if setup {
			return nil, store.UpsertUnits(t.Context(), rmadb.DemoUnits())
		}
		return nil, nil
	}
	states := models.StateHandlers{
		"unit RT10000001 is in warranty":     reset,
		"unit RT10000002 is out of warranty": reset,
	}
	pacttest.Verify(t, "portal-recycle-api", r, states, func() string { return signer.Customer(t, "casey") })
}
