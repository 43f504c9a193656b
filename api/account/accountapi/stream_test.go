package accountapi_test

import (
	"bufio"
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/account/account"
	"rugged.example/portal/api/account/accountapi"
	"rugged.example/portal/api/pkg/auth/authtest"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/rma/rma"
)

// listen opens the event stream as token and returns its lines as they come.
func listen(t *testing.T, srv *httptest.Server, token string) (<-chan string, context.CancelFunc) {
	t.Helper()
	ctx, cancel := context.WithCancel(t.Context())
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, srv.URL+accountapi.StreamPath+"?id=dashboard-1", nil)
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Accept", "text/event-stream")
	resp, err := srv.Client().Do(req)
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Equal(t, "text/event-stream", resp.Header.Get("Content-Type"))
	lines := make(chan string, 100)
	go func() {
		defer resp.Body.Close()
		defer close(lines)
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			lines <- sc.Text()
		}
	}()
	return lines, cancel
}

// next returns the next line that starts with prefix, failing after a while.
func next(t *testing.T, lines <-chan string, prefix string) string {
	t.Helper()
	deadline := time.After(5 * time.Second)
	for {
		select {
		case l, ok := <-lines:
			require.True(t, ok, "the stream ended before %q", prefix)
			if strings.HasPrefix(l, prefix) {
				return l
			}
		case <-deadline:
			t.Fatalf("no %q line", prefix)
		}
	}
}

// await fails unless ch is closed or receives within a while.
func await(t *testing.T, ch <-chan struct{}, what string) {
	t.Helper()
	select {
	case <-ch:
	case <-time.After(5 * time.Second):
		t.Fatal(what)
	}
}

// mount serves the account routes with opts on an engine of their own, behind around.
func mount(h *harness, opts accountapi.Options, around gin.HandlerFunc) *gin.Engine {
	r := gin.New()
	r.Use(around)
	accountapi.Routes(r, h.Guard, h.Service, h.Stream, opts, testkit.Quiet())
	return r
}

// reportEnds mounts the account routes behind a middleware that says when a handler returned:
// by then the response's goroutine is done with the stream and has unsubscribed.
func reportEnds(h *harness, opts accountapi.Options) (*gin.Engine, <-chan struct{}) {
	ended := make(chan struct{}, 8)
	return mount(h, opts, func(c *gin.Context) {
		c.Next()
		ended <- struct{}{}
	}), ended
}

// run runs the stream's poller until the test ends.
func run(t *testing.T, h *harness) {
	ctx, stop := context.WithCancel(t.Context())
	done := make(chan struct{})
	go func() { h.Stream.Run(ctx); close(done) }()
	t.Cleanup(func() { stop(); <-done })
}

func TestStream_FansOutByVisibilityAndCleansUp(t *testing.T) {
	h := newHarness(t)
	srv := httptest.NewServer(h.r)
	t.Cleanup(srv.Close)
	run(t, h)

	caseyLines, closeCasey := listen(t, srv, h.Customer(t, "usr_casey"))
	oliviaLines, closeOlivia := listen(t, srv, h.Member(t, "usr_olivia", "FleetCo Utilities"))
	require.Eventually(t, func() bool { return h.Stream.Subscribers() == 2 }, 5*time.Second, 5*time.Millisecond)
	next(t, caseyLines, ": connected")
	next(t, oliviaLines, ": connected")
	// The poller starts from the newest change once someone listens: append only after that.
	await(t, h.Feed.LatestRead(), "the poller never read where the feed ends")

	at := time.Date(2026, 3, 10, 12, 30, 0, 0, time.UTC)
	h.Feed.Append(rma.Change{Number: "RMA-100004", UID: "UIDDIEGO1", Owner: "usr_diego", Org: "FleetCo Utilities", Status: rma.StatusRepairing, At: at})
	h.Feed.Append(rma.Change{Number: "RMA-100001", UID: "UIDCASEY1", Owner: "usr_casey", Status: rma.StatusDiagnosing, At: at})

	require.Equal(t, "event: rma-status", next(t, oliviaLines, "event:"))
	require.Equal(t, `data: {"rmaNumber":"RMA-100004","uid":"UIDDIEGO1","status":"REPAIRING","at":"2026-03-10T12:30:00Z"}`, next(t, oliviaLines, "data:"))
	require.Equal(t, `data: {"rmaNumber":"RMA-100001","uid":"UIDCASEY1","status":"DIAGNOSING","at":"2026-03-10T12:30:00Z"}`, next(t, caseyLines, "data:"),
		"casey's first event is her own: the organization's change never reached her")
	next(t, caseyLines, ": ping")

	closeCasey()
	require.Eventually(t, func() bool { return h.Stream.Subscribers() == 1 }, 5*time.Second, 5*time.Millisecond, "a client that goes is unsubscribed")
	closeOlivia()
	require.Eventually(t, func() bool { return h.Stream.Subscribers() == 0 }, 5*time.Second, 5*time.Millisecond)
}

// Every goroutine a stream runs on ends with it: each response's handler returns (and
// unsubscribes) when its client goes, and the poller when the stream stops.
func TestStream_ResponsesAndThePollerEnd(t *testing.T) {
	h := newHarness(t)
	r, ended := reportEnds(h, accountapi.Options{Heartbeat: 50 * time.Millisecond})
	srv := httptest.NewServer(r)
	t.Cleanup(srv.Close)
	ctx, stop := context.WithCancel(t.Context())
	done := make(chan struct{})
	go func() { h.Stream.Run(ctx); close(done) }()
	for range 3 {
		lines, cancel := listen(t, srv, h.Customer(t, "usr_casey"))
		next(t, lines, ": connected")
		cancel()
		await(t, ended, "the response outlived its client")
		require.Zero(t, h.Stream.Subscribers())
		for range lines {
		}
	}
	stop()
	await(t, done, "the poller outlived the stream")
}

func TestStream_EndsWhenTheStreamStops(t *testing.T) {
	h := newHarness(t)
	ctx, stop := context.WithCancel(t.Context())
	done := make(chan struct{})
	go func() { h.Stream.Run(ctx); close(done) }()
	srv := httptest.NewServer(h.r)
	t.Cleanup(srv.Close)

	lines, cancel := listen(t, srv, h.Customer(t, "usr_casey"))
	defer cancel()
	next(t, lines, ": connected")
	stop()
	<-done
	for range lines {
	}
	require.Zero(t, h.Stream.Subscribers(), "stopping the poller ends every response")
}

func TestStream_NeedsAClientID(t *testing.T) {
	h := newHarness(t)
	w := h.do(t, http.MethodGet, accountapi.StreamPath, h.Customer(t, "usr_casey"), nil)
	require.Equal(t, http.StatusBadRequest, w.Code)
	require.Equal(t, map[string]string{"id": "Required"}, decode[errorBody](t, w).Fields)
}

// The viewer was read from the token that opened the stream: once it expires the stream ends,
// so a revoked session or a member who left the organization stops receiving its changes.
func TestStream_EndsWhenItsTokenExpires(t *testing.T) {
	h := newHarness(t)
	// Whole seconds, as a token's exp.
	clock := testkit.NewClock(time.Now().Truncate(time.Second))
	r, ended := reportEnds(h, accountapi.Options{Heartbeat: 50 * time.Millisecond, At: clock.At})
	srv := httptest.NewServer(r)
	t.Cleanup(srv.Close)
	run(t, h)
	token := h.Signer.Token(t, authtest.Claims{
		Subject: "usr_casey", Email: "usr_casey@example.com", Roles: []string{authtest.ClientID + ":customer"},
		Expiry: clock.Now().Add(time.Hour),
	})

	lines, cancel := listen(t, srv, token)
	defer cancel()
	next(t, lines, ": connected")
	await(t, h.Feed.LatestRead(), "the poller never read where the feed ends")
	clock.Advance(time.Hour - time.Second)
	h.Feed.Append(rma.Change{Number: "RMA-100001", UID: "UIDCASEY1", Owner: "usr_casey", Status: rma.StatusDiagnosing, At: clock.Now()})
	require.Equal(t, "event: rma-status", next(t, lines, "event:"), "a second before its token expires, the stream still delivers")

	clock.Advance(time.Second)
	await(t, ended, "the stream outlived its token")
	require.Zero(t, h.Stream.Subscribers())
	for range lines {
	}
}

func TestStream_CapsTheStreamsOfOneSubject(t *testing.T) {
	h := newHarness(t)
	srv := httptest.NewServer(h.r)
	t.Cleanup(srv.Close)
	for range account.MaxStreamsPerSubject {
		lines, cancel := listen(t, srv, h.Customer(t, "usr_casey"))
		t.Cleanup(cancel)
		next(t, lines, ": connected")
	}

	w := h.do(t, http.MethodGet, accountapi.StreamPath+"?id=dashboard-6", h.Customer(t, "usr_casey"), nil)
	require.Equal(t, http.StatusTooManyRequests, w.Code)
	require.Equal(t, "account.tooManyStreams", decode[errorBody](t, w).Error)

	lines, cancel := listen(t, srv, h.Customer(t, "usr_diego"))
	defer cancel()
	next(t, lines, ": connected")
}

// deadlines records the write deadlines a handler sets, the way http.ResponseController finds
// them on the writer.
type deadlines struct {
	gin.ResponseWriter
	mu  sync.Mutex
	set []time.Time
}

func (d *deadlines) SetWriteDeadline(at time.Time) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.set = append(d.set, at)
	return nil
}

func (d *deadlines) future() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	n := 0
	for _, at := range d.set {
		if !at.IsZero() {
			n++
		}
	}
	return n
}

// recordDeadlines mounts the account routes behind a writer that records deadlines.
func recordDeadlines(h *harness, heartbeat time.Duration) (*gin.Engine, *deadlines) {
	rec := &deadlines{}
	return mount(h, accountapi.Options{Heartbeat: heartbeat}, func(c *gin.Context) {
		rec.ResponseWriter = c.Writer
		c.Writer = rec
		c.Next()
	}), rec
}

// A client that stops reading must not hold the handler: every frame goes out under a deadline.
func TestStream_WritesEveryFrameUnderADeadline(t *testing.T) {
	h := newHarness(t)
	r, rec := recordDeadlines(h, 50*time.Millisecond)
	srv := httptest.NewServer(r)
	t.Cleanup(srv.Close)

	lines, cancel := listen(t, srv, h.Customer(t, "usr_casey"))
	defer cancel()
	next(t, lines, ": connected")
	next(t, lines, ": ping")
	next(t, lines, ": ping")
	require.GreaterOrEqual(t, rec.future(), 3, "the connected line and two pings each had a deadline")
}
