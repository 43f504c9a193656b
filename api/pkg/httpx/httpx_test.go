package httpx_test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"syscall"
	"testing"

	"github.com/gin-gonic/gin"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/httpx"
	"rugged.example/portal/api/pkg/testkit"
)

func TestStatus_MapsFaultKindsAndHidesInternalDetail(t *testing.T) {
	tests := []struct {
		err        error
		wantStatus int
		wantCode   string
	}{
		{fault.New(fault.KindNotFound, "x.notFound", "Nope"), http.StatusNotFound, "x.notFound"},
		{fault.Validation(map[string]string{"a": "Required"}), http.StatusBadRequest, "validation"},
		{fault.New(fault.KindTooMany, "x.slow", "Slow down"), http.StatusTooManyRequests, "x.slow"},
		{errors.New("pq: password leaked in detail"), http.StatusInternalServerError, "internal"},
		{fmt.Errorf("rmadb: unit: %w", &pgconn.PgError{Code: "57P01", Message: "terminating connection leaked"}), http.StatusServiceUnavailable, "unavailable"},
		{&net.OpError{Op: "dial", Net: "tcp", Err: syscall.ECONNREFUSED}, http.StatusServiceUnavailable, "unavailable"},
	}
	for _, tt := range tests {
		status, body := httpx.Status(tt.err)
		require.Equal(t, tt.wantStatus, status)
		require.Equal(t, tt.wantCode, body.Error)
		require.NotContains(t, body.Message, "leaked")
	}
}

// refused is a request's refusal, as a guard at the edge makes one.
type refused struct{ f *fault.Error }

func (r refused) Error() string         { return r.f.Error() }
func (r refused) Refusal() *fault.Error { return r.f }

func TestStatus_ARefusalAnswersWhereverItSitsInTheError(t *testing.T) {
	refusal := refused{&fault.Error{Kind: fault.KindInvalid, ID: "input.invalidText", Message: "Not allowed", Fields: map[string]string{"files[0]": "Bad name"}}}
	unreadable := fault.New(fault.KindInvalid, "uploads.unreadable", "Error Uploading - Please Try Again")
	for name, err := range map[string]error{
		"alone":                            refusal,
		"behind a handler's fault":         fmt.Errorf("%w: %w", unreadable, refusal),
		"wrapped twice, behind an unknown": fmt.Errorf("store: %w", errors.Join(errors.New("copy failed"), fmt.Errorf("read: %w", refusal))),
	} {
		t.Run(name, func(t *testing.T) {
			status, body := httpx.Status(err)
			require.Equal(t, http.StatusBadRequest, status)
			require.Equal(t, httpx.ErrorBody{Error: "input.invalidText", Message: "Not allowed", Fields: map[string]string{"files[0]": "Bad name"}}, body)
		})
	}
}

func TestRequestID_ReusesWellFormedIDsOnly(t *testing.T) {
	gin.SetMode(gin.TestMode)
	r := gin.New()
	r.Use(httpx.RequestID())
	r.GET("/", func(c *gin.Context) { c.Status(http.StatusNoContent) })

	for in, reused := range map[string]bool{"abcdef12-3456": true, "bad id\nwith newline": false, "": false} {
		req := httptest.NewRequest(http.MethodGet, "/", nil)
		req.Header.Set(httpx.RequestIDHeader, in)
		w := httptest.NewRecorder()
		r.ServeHTTP(w, req)
		got := w.Header().Get(httpx.RequestIDHeader)
		require.NotEmpty(t, got)
		require.Equal(t, reused, got == in, "input %q", in)
	}
}

func TestHealth_ReadyzAnswersByWhichProbesFail(t *testing.T) {
	gin.SetMode(gin.TestMode)
	up := func(context.Context) error { return nil }
	down := func(context.Context) error { return errors.New("down") }
	tests := []struct {
		name       string
		db, cache  func(context.Context) error
		wantStatus int
		wantBody   string
	}{
		{"all up", up, up, http.StatusOK, `{"status":"ok","checks":{"database":"ok","cache":"ok"}}`},
		{"cache down", up, down, http.StatusOK, `{"status":"degraded","checks":{"database":"ok","cache":"unavailable"}}`},
		{"database down", down, up, http.StatusServiceUnavailable, `{"status":"unavailable","checks":{"database":"unavailable","cache":"ok"}}`},
		{"both down", down, down, http.StatusServiceUnavailable, `{"status":"unavailable","checks":{"database":"unavailable","cache":"unavailable"}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := gin.New()
			httpx.Health(r, httpx.Probe{Name: "database", Check: tt.db}, httpx.Probe{Name: "cache", Check: tt.cache, Optional: true})
			w := httptest.NewRecorder()
			r.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/readyz", nil))
			require.Equal(t, tt.wantStatus, w.Code)
			require.JSONEq(t, tt.wantBody, w.Body.String())
		})
	}
}

func TestHandler_RendersReturnedErrors(t *testing.T) {
	gin.SetMode(gin.TestMode)
	r := gin.New()
	r.GET("/", httpx.Handler(testkit.Quiet(), func(*gin.Context) error {
		return fault.Validation(map[string]string{"serial": "Required"})
	}))
	w := httptest.NewRecorder()
	r.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/", nil))
	require.Equal(t, http.StatusBadRequest, w.Code)
	require.JSONEq(t, `{"error":"validation","message":"Some fields are invalid.","fields":{"serial":"Required"}}`, w.Body.String())
}

func TestWriteError_DatabaseOutageIs503WithRetryAfter(t *testing.T) {
	gin.SetMode(gin.TestMode)
	r := gin.New()
	r.GET("/", httpx.Handler(testkit.Quiet(), func(*gin.Context) error {
		return fmt.Errorf("rma: verify: %w", &pgconn.PgError{Code: "57P03", Message: "the database system is starting up"})
	}))
	w := httptest.NewRecorder()
	r.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/", nil))
	require.Equal(t, http.StatusServiceUnavailable, w.Code)
	require.Equal(t, "2", w.Header().Get("Retry-After"))
	require.JSONEq(t, `{"error":"unavailable","message":"The service is temporarily unavailable. Please try again in a moment."}`, w.Body.String())
}
