//go:build pact

package depotpact

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/gin-gonic/gin"

	"rugged.example/portal/api/depot/depot"
	"rugged.example/portal/api/depot/depotapi"
	"rugged.example/portal/api/depot/depottest"
	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/auth/authtest"
	"rugged.example/portal/api/pkg/pacttest"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/rma/rmatest"
)

const provider = "portal-depot-api"

// noTx runs the function without a transaction: the fakes keep nothing to roll back.
type noTx struct{}

func (noTx) InTx(ctx context.Context, fn func(ctx context.Context) error) error { return fn(ctx) }

// Provider states: pass pacttest.Verify a handler per state string the consumer tests give.
func TestProvider_HonoursTheBrowsersPacts(t *testing.T) {
	// A domain the browser does not call under contract is not done: this fails, rather than
	// passing on nothing, until a typed client in packages/api-client records its pact (the
	// client's *.pact.test.ts, as packages/api-client/src/locations does for geo).
	if pacts, _ := filepath.Glob(filepath.Join(os.Getenv("PACT_DIR"), "*-"+provider+".json")); len(pacts) == 0 {
		t.Fatalf("no consumer has recorded a pact with %s: write the typed client and its pact test in packages/api-client", provider)
	}
	signer := authtest.NewSigner(t)
	rmas := depottest.NewRMAs(rma.RMA{Number: "RMA-100501", Serial: "RT10000001", Type: "REPAIR", Status: rma.StatusAwaitingUnit})
	svc := &depot.Service{Store: &depottest.Store{}, RMAs: rmas, Mover: rmas, Photos: rmatest.NewClaimer("usr_tariq", "depot/a.jpg"),
		Tx: noTx{}, Log: testkit.Quiet(), Now: time.Now}
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	depotapi.Routes(r, auth.NewGuard(signer.Verifier(), testkit.Quiet()), svc, testkit.Quiet())
	pacttest.Verify(t, provider, r, nil, func() string {
		return signer.Token(t, authtest.Claims{Subject: "usr_tariq", Email: "tariq@rugged.example", Roles: []string{authtest.ClientID + ":" + string(auth.PermDepotTechnician)}})
	})
}
