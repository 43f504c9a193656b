package rmadb_test

import (
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/rma/rmadb"
)

// clock is a settable rma.Creator clock. Retriers start it at the real time after the RMAs are
// created: the store makes a failed label's retry due by the real clock.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// failedLabel creates casey's RMA while the carrier is down and brings the carrier back.
func failedLabel(t *testing.T, f fixture, serial string) rma.RMA {
	t.Helper()
	f.issuer.Err = errors.New("carrier down")
	req := request()
	name := "rma/" + serial + ".jpg"
	f.claimer.Owned[name] = "usr_casey"
	req.Serial, req.Problem.Attachments = serial, []string{name}
	got, err := f.creator.Create(t.Context(), req)
	require.NoError(t, err)
	require.NotEmpty(t, got.RMA.ShippingError)
	f.issuer.Err = nil
	return got.RMA
}

func retrierAt(f fixture, opts rma.LabelRetryOptions) (*rma.LabelRetrier, *clock) {
	clk := &clock{now: time.Now()}
	f.creator.Now = clk.Now
	return rma.NewLabelRetrier(f.creator, f.store, opts), clk
}

func TestIntegrationLabelRetry_IssuesTheLabelWithBackoffOnceTheCarrierRecovers(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		created := failedLabel(t, f, "RT10000001")
		retrier, clk := retrierAt(f, rma.LabelRetryOptions{BaseBackoff: time.Minute})
		require.Empty(t, f.mailer.Sent, "no e-mail without its label")

		f.issuer.Err = errors.New("carrier still down")
		issued, err := retrier.RetryDue(t.Context())
		require.NoError(t, err, "a carrier failure is recorded, not returned")
		require.Zero(t, issued)

		f.issuer.Err = nil
		issued, err = retrier.RetryDue(t.Context())
		require.NoError(t, err)
		require.Zero(t, issued, "the next retry waits for its backoff")

		clk.advance(time.Minute)
		issued, err = retrier.RetryDue(t.Context())
		require.NoError(t, err)
		require.Equal(t, 1, issued)

		stored, err := f.store.RMAByNumber(t.Context(), "usr_casey", created.Number)
		require.NoError(t, err)
		require.Equal(t, "label-1", stored.LabelID)
		require.NotEmpty(t, stored.TrackingNumber)
		require.Empty(t, stored.ShippingError, "the detail page stops showing the failure")
		timeline, err := f.store.Timeline(t.Context(), created.Number)
		require.NoError(t, err)
		require.Equal(t, []rma.EventKind{rma.EventCreated, rma.EventLabelFailed, rma.EventLabelIssued}, kinds(timeline))
		require.Equal(t, "Label issued after retry 2; tracking "+stored.TrackingNumber, timeline[2].Detail)
		require.Equal(t, []string{"casey@example.com|RMA " + created.Number + ": your shipping label"}, f.mailer.Sent)

		clk.advance(24 * time.Hour)
		issued, err = retrier.RetryDue(t.Context())
		require.NoError(t, err)
		require.Zero(t, issued, "a label is issued once")
		require.Len(t, f.issuer.Requests, 1)
	})
}

func TestIntegrationLabelRetry_LeavesTheLabelToSupportAfterMaxAttempts(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		created := failedLabel(t, f, "RT10000001")
		retrier, clk := retrierAt(f, rma.LabelRetryOptions{MaxAttempts: 2, BaseBackoff: time.Minute})
		f.issuer.Err = errors.New("carrier down for good")
		for range 2 {
			_, err := retrier.RetryDue(t.Context())
			require.NoError(t, err)
			clk.advance(time.Hour)
		}
		f.issuer.Err = nil
		issued, err := retrier.RetryDue(t.Context())
		require.NoError(t, err)
		require.Zero(t, issued, "no retry after the last one")

		events, err := f.store.Events(t.Context(), created.Number)
		require.NoError(t, err)
		require.Equal(t, []string{"created", "label_failed", "label_retries_exhausted"}, events)
		stored, err := f.store.RMAByNumber(t.Context(), "usr_casey", created.Number)
		require.NoError(t, err)
		require.NotEmpty(t, stored.ShippingError, "the customer still sees spec §8's message")
		require.Empty(t, f.mailer.Sent)
	})
}

// An RMA whose unit arrived (or that was cancelled) meanwhile needs no label any more.
func TestIntegrationLabelRetry_SkipsAnRMAThatMovedOn(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		created := failedLabel(t, f, "RT10000001")
		retrier, _ := retrierAt(f, rma.LabelRetryOptions{})
		moved, err := f.store.SetStatus(t.Context(), "usr_casey", created.Number, rma.StatusAwaitingUnit, rma.StatusReceived)
		require.NoError(t, err)
		require.True(t, moved)

		issued, err := retrier.RetryDue(t.Context())
		require.NoError(t, err)
		require.Zero(t, issued)
		require.Empty(t, f.issuer.Requests, "the carrier is not asked")
	})
}

// Retriers in several processes share the work: each label is issued and mailed exactly once.
func TestIntegrationLabelRetry_ConcurrentRetriersIssueEachLabelOnce(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		const n = 12
		base := rmadb.DemoUnits()[0]
		var units []rma.Unit
		for i := range n {
			u := base
			u.Serial = fmt.Sprintf("RT2%07d", i)
			units = append(units, u)
		}
		require.NoError(t, f.store.UpsertUnits(t.Context(), units))
		var numbers []string
		for _, u := range units {
			numbers = append(numbers, failedLabel(t, f, u.Serial).Number)
		}

		var wg sync.WaitGroup
		for range 4 {
			retrier := rma.NewLabelRetrier(f.creator, f.store, rma.LabelRetryOptions{BatchSize: 2})
			wg.Go(func() {
				for {
					if _, err := retrier.RetryDue(t.Context()); err != nil {
						t.Error(err)
						return
					}
					if len(f.issuer.Issued()) == n {
						return
					}
				}
			})
		}
		wg.Wait()

		require.Len(t, f.issuer.Issued(), n, "one carrier call per RMA")
		require.Len(t, f.mailer.Sent, n, "one e-mail per RMA")
		for _, number := range numbers {
			events, err := f.store.Events(t.Context(), number)
			require.NoError(t, err)
			require.Equal(t, []string{"created", "label_failed", "label_issued"}, events, number)
		}
	})
}

func kinds(events []rma.Event) []rma.EventKind {
	out := make([]rma.EventKind, len(events))
	for i, e := range events {
		out[i] = e.Kind
	}
	return out
}
