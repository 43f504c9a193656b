package supportapi_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/auth/authtest"
	"rugged.example/portal/api/pkg/cache"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/support/supportapi"
	"rugged.example/portal/api/support/supporttest"
)

const validBody = `{"firstName":"Sam","lastName":"Lee","email":"sam@example.com","phone":"512-555-0101",
	"company":"Acme","subject":"Unit will not boot","primaryFault":"broken","desc":"Black screen."}`

func newRouter(t *testing.T, signer *authtest.Signer, c cache.Cache) (*gin.Engine, supporttest.Env) {
	t.Helper()
	gin.SetMode(gin.TestMode)
	env := supporttest.New(t, supporttest.Options{Cache: c})
	log := testkit.Quiet()
	r := gin.New()
	supportapi.Routes(r, auth.NewGuard(signer.Verifier(), log), env.Service, log)
	return r, env
}

func do(r http.Handler, method, path, body, token, ip string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if ip != "" {
		req.RemoteAddr = ip + ":40000"
	}
	w := httptest.NewRecorder()
	r.ServeHTTP(w, req)
	return w
}

func TestContactForm_AcceptsTheFormAndMailsSupport(t *testing.T) {
	r, env := newRouter(t, authtest.NewSigner(t), nil)
	w := do(r, http.MethodPost, "/contact-form", validBody, "", "10.0.0.1")
	require.Equal(t, http.StatusOK, w.Code, w.Body.String())
	require.JSONEq(t, `{"success":true}`, w.Body.String())
	pending, err := env.Outbox.Pending(t.Context(), 0)
	require.NoError(t, err)
	require.Len(t, pending, 1)
	require.Equal(t, []string{"support@rugged.example"}, pending[0].Message.To)
}

func TestContactForm_SplitsNameWhenFirstAndLastAreAbsent(t *testing.T) {
	r, env := newRouter(t, authtest.NewSigner(t), nil)
	body := `{"name":"Sam van Lee","email":"sam@example.com","subject":"Hi","primaryFault":"software","desc":"Help"}`
	w := do(r, http.MethodPost, "/contact-form", body, "", "10.0.0.1")
	require.Equal(t, http.StatusOK, w.Code, w.Body.String())
	pending, err := env.Outbox.Pending(t.Context(), 0)
	require.NoError(t, err)
	require.Contains(t, pending[0].Message.Text, "Name: Sam van Lee\n")
}

func TestContactForm_InvalidInputIs400WithFields(t *testing.T) {
	r, _ := newRouter(t, authtest.NewSigner(t), nil)
	w := do(r, http.MethodPost, "/contact-form", `{"firstName":"Sam","email":"nope","primaryFault":"other"}`, "", "10.0.0.1")
	require.Equal(t, http.StatusBadRequest, w.Code)
	require.JSONEq(t, `{"error":"validation","message":"Some fields are invalid.","fields":{
		"lastName":"Required","email":"Must be a valid e-mail address","subject":"Required",
		"primaryFault":"Must be broken or software","desc":"Required"}}`, w.Body.String())

	w = do(r, http.MethodPost, "/contact-form", `{"firstName":`, "", "10.0.0.1")
	require.Equal(t, http.StatusBadRequest, w.Code)
	require.Contains(t, w.Body.String(), `"error":"request.badBody"`)
}

// TestIntegrationContactForm_FloodIsRefusedPerClientUntilTheWindowEnds runs on the memory cache
// and on real Redis.
func TestIntegrationContactForm_FloodIsRefusedPerClientUntilTheWindowEnds(t *testing.T) {
	caches := map[string]func(t *testing.T) cache.Cache{
		"memory": func(*testing.T) cache.Cache { return cache.NewMemory(1000) },
		"redis":  func(t *testing.T) cache.Cache { return testkit.Redis(t) },
	}
	for name, open := range caches {
		t.Run(name, func(t *testing.T) {
			r, env := newRouter(t, authtest.NewSigner(t), open(t))
			env.Clock.Advance(4 * time.Minute) // 10:04, inside the 10:00–10:10 window
			for i := range 5 {
				w := do(r, http.MethodPost, "/contact-form", validBody, "", "10.0.0.1")
				require.Equal(t, http.StatusOK, w.Code, "post %d: %s", i+1, w.Body.String())
			}
			w := do(r, http.MethodPost, "/contact-form", validBody, "", "10.0.0.1")
			require.Equal(t, http.StatusTooManyRequests, w.Code)
			require.Equal(t, "360", w.Header().Get("Retry-After"))
			require.JSONEq(t, `{"error":"support.tooManyMessages","message":"You have sent too many messages. Please wait a few minutes and try again."}`, w.Body.String())

			w = do(r, http.MethodPost, "/contact-form", validBody, "", "10.0.0.2")
			require.Equal(t, http.StatusOK, w.Code, "another client still gets through")

			env.Clock.Advance(6 * time.Minute)
			w = do(r, http.MethodPost, "/contact-form", validBody, "", "10.0.0.1")
			require.Equal(t, http.StatusOK, w.Code, "the first client passes once the window has passed")

			pending, err := env.Outbox.Pending(t.Context(), 0)
			require.NoError(t, err)
			require.Len(t, pending, 7, "refused posts send nothing")
		})
	}
}

func adminToken(t *testing.T, s *authtest.Signer) string {
	return s.Token(t, authtest.Claims{Subject: "adam", Roles: []string{"service-portal:customer", "service-portal:service:admin:rma:override:oow"}})
}

func TestAdminReports_RefuseCustomersAndStrangers(t *testing.T) {
	s := authtest.NewSigner(t)
	r, _ := newRouter(t, s, nil)
	body := `[{"message":"Depot closed","isWarning":true,"isPaused":false}]`
	for _, method := range []string{http.MethodGet, http.MethodPut} {
		w := do(r, method, "/admin/reports/QUERY_RMA_WARNING", body, s.Customer(t, "casey"), "")
		require.Equal(t, http.StatusForbidden, w.Code, method)
		w = do(r, method, "/admin/reports/QUERY_RMA_WARNING", body, "", "")
		require.Equal(t, http.StatusUnauthorized, w.Code, method)
		noClientRole := s.Token(t, authtest.Claims{Subject: "eve", Roles: []string{"other-app:service:admin:rma:override:oow"}})
		w = do(r, method, "/admin/reports/QUERY_RMA_WARNING", body, noClientRole, "")
		require.Equal(t, http.StatusForbidden, w.Code, method)
	}
}

func TestAdminReports_AdminReplacesAndReadsTheBannerReport(t *testing.T) {
	s := authtest.NewSigner(t)
	r, _ := newRouter(t, s, nil)
	tok := adminToken(t, s)

	w := do(r, http.MethodGet, "/admin/reports/QUERY_RMA_WARNING", "", tok, "")
	require.Equal(t, http.StatusOK, w.Code)
	require.JSONEq(t, `[{"position":0,"message":"","isWarning":false,"isPaused":false,"updatedAt":"`+seedTime(t, w.Body.String())+`"}]`, w.Body.String())

	w = do(r, http.MethodPut, "/admin/reports/QUERY_RMA_WARNING", `[{"message":" Depot closed ","isWarning":true},{"message":"ok"}]`, tok, "")
	require.Equal(t, http.StatusOK, w.Code, w.Body.String())
	require.JSONEq(t, `[{"position":0,"message":"Depot closed","isWarning":true,"isPaused":false,"updatedAt":"2026-11-22T10:00:00Z"},
		{"position":1,"message":"ok","isWarning":false,"isPaused":false,"updatedAt":"2026-11-22T10:00:00Z"}]`, w.Body.String())

	w = do(r, http.MethodPut, "/admin/reports/QUERY_RMA_WARNING", `[{"message":"`+strings.Repeat("x", 301)+`","isPaused":true}]`, tok, "")
	require.Equal(t, http.StatusBadRequest, w.Code)
	require.JSONEq(t, `{"error":"validation","message":"Some fields are invalid.","fields":{"[0].message":"Must be less than 301 characters"}}`, w.Body.String())

	w = do(r, http.MethodPut, "/admin/reports/QUERY_RMA_WARNING", `{"message":"not an array"}`, tok, "")
	require.Equal(t, http.StatusBadRequest, w.Code)

	w = do(r, http.MethodGet, "/admin/reports/bad%20id", "", tok, "")
	require.Equal(t, http.StatusNotFound, w.Code)
}

// seedTime pulls the seed row's wall-clock timestamp out of the body.
func seedTime(t *testing.T, body string) string {
	t.Helper()
	_, rest, ok := strings.Cut(body, `"updatedAt":"`)
	require.True(t, ok)
	ts, _, _ := strings.Cut(rest, `"`)
	return ts
}
