//go:build pact

package supportpact

import (
	"testing"

	"github.com/gin-gonic/gin"

	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/auth/authtest"
	"rugged.example/portal/api/pkg/pacttest"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/support/supportapi"
	"rugged.example/portal/api/support/supporttest"
)

// The contact form needs no state: it is public and stores what it is sent.
func TestProvider_HonoursTheBrowsersPacts(t *testing.T) {
	log := testkit.Quiet()
	env := supporttest.New(t, supporttest.Options{})
	signer := authtest.NewSigner(t)
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	supportapi.Routes(r, auth.NewGuard(signer.Verifier(), log), env.Service, log)
	pacttest.Verify(t, "portal-support-api", r, nil, func() string { return signer.Customer(t, "casey") })
}
