//go:build pact

package shippingpact

import (
	"testing"

	"github.com/gin-gonic/gin"
	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/auth/authtest"
	"rugged.example/portal/api/pkg/blob"
	"rugged.example/portal/api/pkg/pacttest"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/shipping/freightcarrier"
	"rugged.example/portal/api/shipping/shipping"
	"rugged.example/portal/api/shipping/shippingapi"
	"rugged.example/portal/api/shipping/shippingdb"
)

// The offices are reference data and the document asked for does not exist: no state is needed.
func TestProvider_HonoursTheBrowsersPacts(t *testing.T) {
	log := testkit.Quiet()
	gdb := testkit.SQLite(t)
	require.NoError(t, shippingdb.Migrate(t.Context(), gdb))
	bucket, err := blob.Open(t.Context(), "", t.TempDir())
	require.NoError(t, err)
	svc := shipping.NewService(shippingdb.NewStore(gdb), freightcarrier.New(shippingdb.NewSequence(gdb), freightcarrier.DefaultPrefix), bucket, log, shipping.Config{})
	signer := authtest.NewSigner(t)

	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	shippingapi.Routes(r, auth.NewGuard(signer.Verifier(), log), svc, log)
	pacttest.Verify(t, "portal-shipping-api", r, nil, func() string { return signer.Customer(t, "casey") })
}
