//go:build pact

package uploadspact

import (
	"testing"

	"github.com/gin-gonic/gin"
	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/auth/authtest"
	"rugged.example/portal/api/pkg/blob"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/pacttest"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/uploads/uploads"
	"rugged.example/portal/api/uploads/uploadsapi"
	"rugged.example/portal/api/uploads/uploadsdb"
)

// The attachment asked for does not exist: no state is needed.
func TestProvider_HonoursTheBrowsersPacts(t *testing.T) {
	log := testkit.Quiet()
	gdb := testkit.SQLite(t)
	require.NoError(t, uploadsdb.Migrate(t.Context(), gdb))
	bucket, err := blob.Open(t.Context(), "", t.TempDir())
	require.NoError(t, err)
	svc := uploads.NewService(bucket, uploadsdb.NewStore(gdb), db.NewTransactor(gdb), log, nil)
	signer := authtest.NewSigner(t)

	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	uploadsapi.Routes(r, auth.NewGuard(signer.Verifier(), log), svc, log)
	pacttest.Verify(t, "portal-uploads-api", r, nil, func() string { return signer.Customer(t, "casey") })
}
