package compose

import (
	"context"
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/pkg/blob"
	"rugged.example/portal/api/pkg/cache"
	"rugged.example/portal/api/pkg/mail"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/shipping/freightcarrier"
	"rugged.example/portal/api/shipping/shipping"
	"rugged.example/portal/api/shipping/shippingapi"
	"rugged.example/portal/api/shipping/shippingdb"
)

// flakyCarrier is the freight carrier behind a switch: while down, it books nothing.
type flakyCarrier struct {
	shipping.Carrier
	down atomic.Bool
}

func (f *flakyCarrier) CreateShipment(ctx context.Context, s shipping.Shipment) (shipping.Booking, error) {
	if f.down.Load() {
		return shipping.Booking{}, errors.New("carrier unavailable")
	}
	return f.Carrier.CreateShipment(ctx, s)
}

// labelFixture is an embedded-default database with the real shipping module behind a carrier
// that can be switched off, and one recycle RMA created while it was off.
type labelFixture struct {
	cfg     Config
	caps    *capabilities
	carrier *flakyCarrier
	created rma.Created
}

func newLabelFixture(t *testing.T) labelFixture {
	t.Helper()
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

	carrier.down.Store(true)
	created, err := creator.Recycle(t.Context(), rma.RecycleRequest{
		Owner: "usr_casey", Serial: "RT10000002",
		Contact: rma.Contact{FirstName: "Casey", LastName: "Morgan", Email: "casey@example.com", Phone: "+15125550142", PhoneCountryCode: "US"},
		Address: rma.Address{Line1: "2100 Riverside Dr", City: "Austin", State: "TX", Country: "US", PostalCode: "78741"},
	})
	require.NoError(t, err, "the RMA is kept")
	require.Empty(t, created.RMA.LabelID)
	require.NotEmpty(t, created.RMA.ShippingError)
	return labelFixture{cfg: cfg, caps: caps, carrier: carrier, created: created}
}

// An RMA created while the carrier is down is kept without its label; once the carrier is back,
// the process's label retrier issues the label and queues the customer's e-mail with its link,
// through the real shipping module, RMA store and outbox.
func TestIntegrationLabelRetrier_IssuesAndMailsTheLabelOnceTheCarrierIsBack(t *testing.T) {
	f := newLabelFixture(t)
	number := f.created.RMA.Number

	app := &App{}
	require.NoError(t, app.retryLabels(f.caps))
	require.Len(t, app.background, 1)
	f.carrier.down.Store(false)
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan struct{})
	go func() { app.background[0](ctx, f.caps.log); close(done) }()
	t.Cleanup(func() { cancel(); <-done })

	var labelled rma.RMA
	var err error
	require.Eventually(t, func() bool {
		labelled, err = f.caps.Units().RMAByNumber(t.Context(), "usr_casey", number)
		return err == nil && labelled.LabelID != ""
	}, 10*time.Second, 20*time.Millisecond, "the retrier issues the label")
	require.Empty(t, labelled.ShippingError)

	sent, err := mail.Recent(t.Context(), f.caps.gdb, "casey@example.com", 0)
	require.NoError(t, err)
	i := slices.IndexFunc(sent, func(e mail.Entry) bool { return e.Message.Subject == "RMA "+number+": your shipping label" })
	require.GreaterOrEqual(t, i, 0, "the customer is mailed the label")
	require.True(t, strings.Contains(sent[i].Message.Text, f.cfg.PublicURL+shippingapi.DocumentPath(labelled.LabelID)), sent[i].Message.Text)
}

// RetryLabelsNow, which the fault suite runs before its audit, issues every due label at once
// instead of at the retrier's next poll, and does nothing in a process that creates no RMAs.
func TestIntegrationRetryLabelsNow_IssuesTheDueLabels(t *testing.T) {
	none, err := (&App{}).RetryLabelsNow(t.Context())
	require.NoError(t, err)
	require.Zero(t, none)

	f := newLabelFixture(t)
	app := &App{}
	require.NoError(t, app.retryLabels(f.caps))
	f.carrier.down.Store(false)
	issued, err := app.RetryLabelsNow(t.Context())
	require.NoError(t, err)
	require.Equal(t, 1, issued)
	labelled, err := f.caps.Units().RMAByNumber(t.Context(), "usr_casey", f.created.RMA.Number)
	require.NoError(t, err)
	require.NotEmpty(t, labelled.LabelID)
}
