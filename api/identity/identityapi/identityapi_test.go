package identityapi_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/gin-gonic/gin"
	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/identity"
	"rugged.example/portal/api/identity/identityapi"
	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/auth/authtest"
	"rugged.example/portal/api/pkg/testkit"
)

type profiles map[string]identity.Profile

func (p profiles) Profile(_ context.Context, caller auth.Principal, _ string) (identity.Profile, error) {
	if prof, ok := p[caller.Subject]; ok {
		return prof, nil
	}
	return identity.Profile{}, identity.ErrUnknownUser
}

func TestMe(t *testing.T) {
	gin.SetMode(gin.TestMode)
	s := authtest.NewSigner(t)
	r := gin.New()
	known := profiles{
		"usr_casey": {Subject: "usr_casey", Email: "casey@example.com", Roles: []string{"service-portal:customer"}},
		"usr_nora":  {Subject: "usr_nora", Email: "nora@example.com", Roles: []string{"field-app:viewer"}},
	}
	identityapi.Routes(r, auth.NewGuard(s.Verifier(), testkit.Quiet()), known, testkit.Quiet())

	tests := []struct {
		name, token string
		status      int
		contains    string
	}{
		{"own profile", s.Customer(t, "usr_casey"), http.StatusOK, `"email":"casey@example.com"`},
		{"user without client role still reads own roles", s.Token(t, authtest.Claims{Subject: "usr_nora", Roles: []string{"field-app:viewer"}}), http.StatusOK, `"field-app:viewer"`},
		{"deleted user", s.Customer(t, "usr_gone"), http.StatusUnauthorized, `"invalid_token"`},
		{"no token", "", http.StatusUnauthorized, `"invalid_token"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := httptest.NewRequest(http.MethodGet, "/me", nil)
			if tt.token != "" {
				req.Header.Set("Authorization", "Bearer "+tt.token)
			}
			w := httptest.NewRecorder()
			r.ServeHTTP(w, req)
			require.Equal(t, tt.status, w.Code)
			require.Contains(t, w.Body.String(), tt.contains)
		})
	}
}
