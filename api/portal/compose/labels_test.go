package compose

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/pkg/blob"
	"rugged.example/portal/api/pkg/cache"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/shipping/freightcarrier"
	"rugged.example/portal/api/shipping/shipping"
	"rugged.example/portal/api/shipping/shippingdb"
)

// RetryLabelsNow, which the fault suite runs before its audit, issues every due label at once
// instead of at the retrier's next poll, and does nothing in a process that creates no RMAs.
func TestIntegrationRetryLabelsNow_IssuesTheDueLabels(t *testing.T) {
	t.Setenv("PORTAL_ADDR", "127.0.0.1:18080")
	t.Setenv("PORTAL_DATA_DIR", t.TempDir())
	cfg, err := LoadConfig()
	require.NoError(t, err)
	log := testkit.Quiet()
	gdb, err := OpenDatabase(t.Context(), cfg, log)
	require.NoError(t, err)
	t.Cleanup(func() {
		if sqlDB, err := gdb.DB(); err == nil {
			_ = sqlDB.Close()
		}
	})
	require.NoError(t, PrepareDatabase(t.Context(), cfg, gdb, log))
	bucket, err := blob.Open(t.Context(), "", filepath.Join(cfg.DataDir, "blobs"))
	require.NoError(t, err)
	t.Cleanup(func() { _ = bucket.Close() })
	carrier := &flakyCarrier{Carrier: freightcarrier.New(shippingdb.NewSequence(gdb), cfg.Shipping.TrackingPrefix)}
	caps := &capabilities{cfg: cfg, log: log, gdb: gdb, cache: cache.NewMemory(1000), bucket: bucket}
	caps.shipments = shipping.NewService(shippingdb.NewStore(gdb), carrier, bucket, log, shipping.Config{Depot: cfg.Shipping.Depot()})
	creator, err := caps.Creator()
	require.NoError(t, err)

	none, err := (&App{}).RetryLabelsNow(t.Context())
	require.NoError(t, err)
	require.Zero(t, none)

	carrier.down.Store(true)
	created, err := creator.Recycle(t.Context(), rma.RecycleRequest{
		Owner: "usr_casey", Serial: "RT10000002",
		Contact: rma.Contact{FirstName: "Casey", LastName: "Morgan", Email: "casey@example.com", Phone: "+15125550142", PhoneCountryCode: "US"},
		Address: rma.Address{Line1: "2100 Riverside Dr", City: "Austin", State: "TX", Country: "US", PostalCode: "78741"},
	})
	require.NoError(t, err)
	require.Empty(t, created.RMA.LabelID)

	app := &App{}
	require.NoError(t, app.retryLabels(caps))
	carrier.down.Store(false)
	issued, err := app.RetryLabelsNow(t.Context())
	require.NoError(t, err)
	require.Equal(t, 1, issued)
	labelled, err := caps.Units().RMAByNumber(t.Context(), "usr_casey", created.RMA.Number)
	require.NoError(t, err)
	require.NotEmpty(t, labelled.LabelID)
}
