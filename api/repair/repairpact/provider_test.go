//go:build pact

package repairpact

import (
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/pact-foundation/pact-go/v2/models"
	"github.com/pact-foundation/pact-go/v2/provider"
	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/auth/authtest"
	"rugged.example/portal/api/pkg/cache"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/repair/repairapi"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/rma/rmadb"
	"rugged.example/portal/api/rma/rmatest"
)

// TestProvider_HonoursTheBrowsersPacts starts the real router on a free loopback port, backed by
// the real store on SQLite, and replays every interaction the consumer recorded.
func TestProvider_HonoursTheBrowsersPacts(t *testing.T) {
	pactDir := os.Getenv("PACT_DIR")
	require.NotEmpty(t, pactDir, "PACT_DIR names the folder the consumer tests wrote")
	files, err := filepath.Glob(filepath.Join(pactDir, "*-portal-repair-api.json"))
	require.NoError(t, err)
	require.NotEmpty(t, files, "no pacts for portal-repair-api in %s", pactDir)

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
		Log: log, DocumentURL: repairapi.DocumentPath, Now: time.Now,
	}

	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	repairapi.Routes(r, auth.NewGuard(signer.Verifier(), log), units, creator, log)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	srv := &http.Server{Handler: r}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })

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

	err = provider.NewVerifier().VerifyProvider(t, provider.VerifyRequest{
		Provider:        "portal-repair-api",
		ProviderBaseURL: "http://" + ln.Addr().String(),
		PactFiles:       files,
		StateHandlers:   states,
		// The consumer cannot know a valid token: replace whatever bearer it recorded with a
		// freshly signed one. Requests recorded without a token stay without one.
		RequestFilter: func(next http.Handler) http.Handler {
			return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
				if strings.HasPrefix(req.Header.Get("Authorization"), "Bearer ") {
					req.Header.Set("Authorization", "Bearer "+signer.Customer(t, "casey"))
				}
				next.ServeHTTP(w, req)
			})
		},
	})
	require.NoError(t, err)
}
