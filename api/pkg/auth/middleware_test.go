package auth_test

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/auth/authtest"
)

func router(t *testing.T, s *authtest.Signer, extra ...gin.HandlerFunc) *gin.Engine {
	t.Helper()
	gin.SetMode(gin.TestMode)
	g := auth.NewGuard(s.Verifier(), slog.New(slog.NewTextHandler(io.Discard, nil)))
	r := gin.New()
	handlers := append([]gin.HandlerFunc{g.SignedIn(), g.Customer()}, extra...)
	handlers = append(handlers, func(c *gin.Context) {
		p, _ := auth.PrincipalFrom(c.Request.Context())
		c.String(http.StatusOK, p.Subject)
	})
	r.GET("/x", handlers...)
	return r
}

func call(r http.Handler, header string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodGet, "/x", nil)
	if header != "" {
		req.Header.Set("Authorization", header)
	}
	w := httptest.NewRecorder()
	r.ServeHTTP(w, req)
	return w
}

func TestGuard_RejectsEveryBadTokenWith401(t *testing.T) {
	s := authtest.NewSigner(t)
	other := authtest.NewSigner(t)
	roles := []string{"service-portal:customer"}
	cases := map[string]string{
		"missing header": "",
		"not bearer":     "Basic abc",
		"garbage":        "Bearer not-a-jwt",
		"forged":         "Bearer " + other.Token(t, authtest.Claims{Subject: "u1", Roles: roles}),
		"expired":        "Bearer " + s.Token(t, authtest.Claims{Subject: "u1", Roles: roles, Expiry: time.Now().Add(-time.Hour)}),
		"wrong audience": "Bearer " + s.Token(t, authtest.Claims{Subject: "u1", Roles: roles, Audience: "other-client"}),
		"wrong issuer":   "Bearer " + s.Token(t, authtest.Claims{Subject: "u1", Roles: roles, Issuer: "https://evil.test"}),
	}
	r := router(t, s)
	for name, header := range cases {
		t.Run(name, func(t *testing.T) {
			w := call(r, header)
			require.Equal(t, http.StatusUnauthorized, w.Code)
			require.JSONEq(t, `{"error":"invalid_token","message":"Your session has expired or is not valid. Please sign in again."}`, w.Body.String())
			require.Contains(t, w.Header().Get("WWW-Authenticate"), "invalid_token")
		})
	}
}

func TestGuard_UserWithoutClientRoleIsForbidden(t *testing.T) {
	s := authtest.NewSigner(t)
	w := call(router(t, s), "Bearer "+s.Token(t, authtest.Claims{Subject: "nora", Roles: []string{"field-app:viewer", "service-portal:"}}))
	require.Equal(t, http.StatusForbidden, w.Code)
	require.Contains(t, w.Body.String(), "auth.noClientRole")
}

func TestGuard_PermissionChecks(t *testing.T) {
	s := authtest.NewSigner(t)
	po := s.Token(t, authtest.Claims{Subject: "olivia", Roles: []string{"service-portal:customer", "service-portal:service:payment:po"}})
	plain := s.Customer(t, "casey")
	g := auth.NewGuard(s.Verifier(), slog.New(slog.NewTextHandler(io.Discard, nil)))
	tests := []struct {
		name  string
		check gin.HandlerFunc
		token string
		want  int
	}{
		{"any-of held", g.AnyOf(auth.PermPaymentPO, auth.PermBeta), po, http.StatusOK},
		{"any-of missing", g.AnyOf(auth.PermPaymentPO), plain, http.StatusForbidden},
		{"all-of partly held", g.AllOf(auth.PermPaymentPO, auth.PermBeta), po, http.StatusForbidden},
		{"all-of held", g.AllOf(auth.PermPaymentPO), po, http.StatusOK},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := call(router(t, s, tt.check), "Bearer "+tt.token)
			require.Equal(t, tt.want, w.Code)
		})
	}
}

func TestVerify_ReadsNestedRolesClaim(t *testing.T) {
	s := authtest.NewSigner(t)
	p, err := s.Verifier().Verify(t.Context(), s.Customer(t, "casey"))
	require.NoError(t, err)
	require.Equal(t, "casey", p.Subject)
	require.Equal(t, []string{"customer"}, p.ClientRoles)
}

func TestMaybeSignedIn_LetsAnonymousThroughButNotBadTokens(t *testing.T) {
	gin.SetMode(gin.TestMode)
	s := authtest.NewSigner(t)
	g := auth.NewGuard(s.Verifier(), slog.New(slog.NewTextHandler(io.Discard, nil)))
	r := gin.New()
	r.GET("/x", g.MaybeSignedIn(), func(c *gin.Context) {
		_, err := auth.RequireCustomer(c.Request.Context())
		if err != nil {
			c.String(http.StatusOK, "anonymous")
			return
		}
		c.String(http.StatusOK, "customer")
	})
	require.Equal(t, "anonymous", call(r, "").Body.String())
	require.Equal(t, "customer", call(r, "Bearer "+s.Customer(t, "casey")).Body.String())
	require.Equal(t, http.StatusUnauthorized, call(r, "Bearer forged").Code)
}

func TestHasClientRole_StaffRolesAloneAreNotACustomer(t *testing.T) {
	tests := []struct {
		name  string
		roles []string
		want  bool
	}{
		{"no role", nil, false},
		{"customer", []string{"customer"}, true},
		{"technician", []string{string(auth.PermDepotTechnician)}, false},
		{"lead", []string{string(auth.PermDepotLead)}, false},
		{"staff who is also a customer", []string{string(auth.PermDepotLead), "customer"}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			require.Equal(t, tt.want, auth.Principal{ClientRoles: tt.roles}.HasClientRole())
		})
	}
}
