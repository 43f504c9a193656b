package telemetry_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"testing"

	"github.com/gin-gonic/gin"
	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/pkg/telemetry"
	"rugged.example/portal/api/pkg/testkit"
)

// newTelemetry builds a process's telemetry with its own registry and no span export.
func newTelemetry(t *testing.T) *telemetry.Telemetry {
	t.Helper()
	tel, err := telemetry.New(t.Context(), telemetry.Options{ServiceName: "portal-test", Log: testkit.Quiet()})
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, tel.Close()) })
	return tel
}

// scrape fetches /metrics from the admin handler the way Prometheus does.
func scrape(t *testing.T, tel *telemetry.Telemetry) string {
	t.Helper()
	rec := httptest.NewRecorder()
	tel.AdminHandler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/metrics", nil))
	require.Equal(t, http.StatusOK, rec.Code)
	body, err := io.ReadAll(rec.Body)
	require.NoError(t, err)
	return string(body)
}

// sample is the value of one series in a scrape, written as in the exposition format
// (`name{label="value",…}`); ok is false when the series is absent.
func sample(body, series string) (float64, bool) {
	m := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(series) + ` (\S+)$`).FindStringSubmatch(body)
	if m == nil {
		return 0, false
	}
	v, err := strconv.ParseFloat(m[1], 64)
	return v, err == nil
}

func requireSample(t *testing.T, body, series string, want float64) {
	t.Helper()
	got, ok := sample(body, series)
	require.True(t, ok, "series %s missing from:\n%s", series, body)
	require.Equal(t, want, got, series)
}

func serve(engine *gin.Engine, method, path string, header http.Header) *httptest.ResponseRecorder {
	rec := httptest.NewRecorder()
	req := httptest.NewRequest(method, path, nil)
	for k, v := range header {
		req.Header[k] = v
	}
	engine.ServeHTTP(rec, req)
	return rec
}
