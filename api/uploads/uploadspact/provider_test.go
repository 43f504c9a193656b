//go:build pact

package uploadspact

import (
	"errors"
	"testing"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/pact-foundation/pact-go/v2/models"
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
	"rugged.example/portal/api/uploads/uploadstest"
)

// The purchase-order file the browser downloads; its bytes are the consumer's testdata/po.pdf.
const poFileID = "po/2026/11/5b0c1d2e-3f40-4a5b-8c6d-7e8f90a1b2c3.pdf"

// Files asked for that do not exist need no state; the one download of a stored file does.
func TestProvider_HonoursTheBrowsersPacts(t *testing.T) {
	log := testkit.Quiet()
	gdb := testkit.SQLite(t)
	require.NoError(t, uploadsdb.Migrate(t.Context(), gdb))
	bucket, err := blob.Open(t.Context(), "", t.TempDir())
	require.NoError(t, err)
	store := uploadsdb.NewStore(gdb)
	svc := uploads.NewService(bucket, store, db.NewTransactor(gdb), log, nil)
	signer := authtest.NewSigner(t)

	states := models.StateHandlers{
		"the customer uploaded the purchase order " + poFileID + " as PO-4711.pdf": func(setup bool, _ models.ProviderState) (models.ProviderStateResponse, error) {
			if !setup {
				return nil, nil
			}
			pdf := uploadstest.PDF()
			if err := bucket.WriteAll(t.Context(), poFileID, pdf, nil); err != nil {
				return nil, err
			}
			_, err := store.Get(t.Context(), poFileID)
			if !errors.Is(err, uploads.ErrNotFound) {
				return nil, err // already recorded by an earlier interaction, or a failure
			}
			return nil, store.Insert(t.Context(), []uploads.Attachment{{
				BucketFileName: poFileID, Owner: "casey", OriginalName: "PO-4711.pdf", ContentType: "application/pdf",
				Size: int64(len(pdf)), CreatedAt: time.Now().UTC(), Kind: uploads.KindPurchaseOrder,
			}})
		},
	}

	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	uploadsapi.Routes(r, auth.NewGuard(signer.Verifier(), log), svc, log)
	pacttest.Verify(t, "portal-uploads-api", r, states, func() string { return signer.Customer(t, "casey") })
}
