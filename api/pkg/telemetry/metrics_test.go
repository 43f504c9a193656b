package telemetry_test

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/pkg/cache"
	"rugged.example/portal/api/pkg/testkit"
)

func TestMeasureRequests_LabelsByRouteTemplateAndStatusNeverTheRawPath(t *testing.T) {
	gin.SetMode(gin.TestMode)
	tel := newTelemetry(t)
	engine := gin.New()
	engine.Use(tel.MeasureRequests())
	engine.GET("/units/:serial", func(c *gin.Context) { c.Status(http.StatusOK) })
	engine.POST("/units/:serial/fail", func(c *gin.Context) { c.AbortWithStatus(http.StatusInternalServerError) })

	for _, r := range []struct {
		method, path string
		want         int
	}{
		{http.MethodGet, "/units/RT10000001", http.StatusOK},
		{http.MethodGet, "/units/RT10000002", http.StatusOK},
		{http.MethodPost, "/units/RT10000003/fail", http.StatusInternalServerError},
		{http.MethodGet, "/wp-login.php", http.StatusNotFound},
		{http.MethodGet, "/.env", http.StatusNotFound},
		{"PROPFIND", "/units/RT10000004", http.StatusNotFound},
	} {
		require.Equal(t, r.want, serve(engine, r.method, r.path, nil).Code, r.path)
	}

	body := scrape(t, tel)
	requireSample(t, body, `portal_http_requests_total{method="GET",route="/units/:serial",status="200"}`, 2)
	requireSample(t, body, `portal_http_requests_total{method="POST",route="/units/:serial/fail",status="500"}`, 1)
	requireSample(t, body, `portal_http_requests_total{method="GET",route="unmatched",status="404"}`, 2)
	requireSample(t, body, `portal_http_requests_total{method="OTHER",route="unmatched",status="404"}`, 1)
	requireSample(t, body, `portal_http_request_duration_seconds_count{method="GET",route="/units/:serial",status="200"}`, 2)
	requireSample(t, body, `portal_http_request_duration_seconds_bucket{method="GET",route="/units/:serial",status="200",le="+Inf"}`, 2)
	require.NotContains(t, body, "RT1000000", "raw paths never become labels")
	require.NotContains(t, body, "wp-login")
}

func TestCountCache_CountsHitsAndMissesOnMemoryAndRedis(t *testing.T) {
	for name, open := range map[string]func(t *testing.T) cache.Cache{
		"memory": func(*testing.T) cache.Cache { return cache.NewMemory(10) },
		"redis":  func(t *testing.T) cache.Cache { return testkit.Redis(t) },
	} {
		t.Run(name, func(t *testing.T) {
			tel := newTelemetry(t)
			c := tel.CountCache(open(t))
			requireSample(t, scrape(t, tel), `portal_cache_lookups_total{result="miss"}`, 0)

			_, err := c.Get(t.Context(), "unit:RT10000001")
			require.ErrorIs(t, err, cache.ErrMiss)
			require.NoError(t, c.Set(t.Context(), "unit:RT10000001", []byte("{}"), time.Minute))
			for range 3 {
				v, err := c.Get(t.Context(), "unit:RT10000001")
				require.NoError(t, err)
				require.Equal(t, []byte("{}"), v, "values pass through")
			}
			n, err := c.Incr(t.Context(), "flood", time.Minute)
			require.NoError(t, err)
			require.EqualValues(t, 1, n, "the other methods pass through")

			body := scrape(t, tel)
			requireSample(t, body, `portal_cache_lookups_total{result="hit"}`, 3)
			requireSample(t, body, `portal_cache_lookups_total{result="miss"}`, 1)
			requireSample(t, body, `portal_cache_lookups_total{result="error"}`, 0)
		})
	}
}

func TestCountCache_CountsACacheThatDoesNotAnswerAsError(t *testing.T) {
	tel := newTelemetry(t)
	r := testkit.Redis(t)
	c := tel.CountCache(r)
	require.NoError(t, r.Close())

	_, err := c.Get(t.Context(), "unit:RT10000001")
	require.Error(t, err)
	require.False(t, errors.Is(err, cache.ErrMiss))
	body := scrape(t, tel)
	requireSample(t, body, `portal_cache_lookups_total{result="error"}`, 1)
	requireSample(t, body, `portal_cache_lookups_total{result="miss"}`, 0)
}

func TestRMACreated_CountsByType(t *testing.T) {
	tel := newTelemetry(t)
	tel.RMACreated("REPAIR")
	tel.RMACreated("REPAIR")
	tel.RMACreated("RECYCLE")
	body := scrape(t, tel)
	requireSample(t, body, `portal_rmas_created_total{rma_type="REPAIR"}`, 2)
	requireSample(t, body, `portal_rmas_created_total{rma_type="RECYCLE"}`, 1)
}

func TestPaymentRefund_CountsByProviderReasonAndOutcome(t *testing.T) {
	tel := newTelemetry(t)
	tel.PaymentRefund("paypal", "quote_paid", "failed")
	tel.PaymentRefund("paypal", "quote_paid", "refunded")
	tel.PaymentRefund("authnet", "quote_cancelled", "refunded")
	body := scrape(t, tel)
	requireSample(t, body, `portal_payment_refunds_total{outcome="failed",provider="paypal",reason="quote_paid"}`, 1)
	requireSample(t, body, `portal_payment_refunds_total{outcome="refunded",provider="paypal",reason="quote_paid"}`, 1)
	requireSample(t, body, `portal_payment_refunds_total{outcome="refunded",provider="authnet",reason="quote_cancelled"}`, 1)
}

func TestInstrumentDB_ReportsThePool(t *testing.T) {
	tel := newTelemetry(t)
	gdb := testkit.SQLite(t)
	require.NoError(t, tel.InstrumentDB(gdb))
	require.NoError(t, gdb.Exec("SELECT 1").Error)

	body := scrape(t, tel)
	_, ok := sample(body, `go_sql_open_connections{db_name="portal"}`)
	require.True(t, ok, "pool gauges:\n%s", body)
	_, ok = sample(body, `go_sql_wait_count_total{db_name="portal"}`)
	require.True(t, ok)
}

func TestAdminHandler_ServesOnlyMetrics(t *testing.T) {
	tel := newTelemetry(t)
	body := scrape(t, tel)
	require.Contains(t, body, "go_goroutines", "runtime metrics of the process")
	require.Contains(t, body, "process_start_time_seconds")

	for _, path := range []string{"/", "/healthz", "/debug/pprof/"} {
		rec := httptest.NewRecorder()
		tel.AdminHandler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		require.Equal(t, http.StatusNotFound, rec.Code, path)
	}
}

func TestNew_GivesEachProcessItsOwnRegistry(t *testing.T) {
	a, b := newTelemetry(t), newTelemetry(t)
	a.RMACreated("REPAIR")
	_, ok := sample(scrape(t, b), `portal_rmas_created_total{rma_type="REPAIR"}`)
	require.False(t, ok, "b never counted an RMA")
}

func TestWatchCacheAvailability_FollowsTheBreaker(t *testing.T) {
	tel := newTelemetry(t)
	up := true
	require.NoError(t, tel.WatchCacheAvailability(func() bool { return up }))
	requireSample(t, scrape(t, tel), `portal_cache_available`, 1)
	up = false
	requireSample(t, scrape(t, tel), `portal_cache_available`, 0)
}
