package auth_test

import (
	"context"
	"encoding/json"
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
	"rugged.example/portal/api/pkg/testkit"
)

// backoff is the wait after a first failed discovery (discoveryMinBackoff).
const backoff = 500 * time.Millisecond

// newClock is a clock for a Discovery that a test moves past its backoff.
func newClock() *testkit.Clock { return testkit.NewClock(time.Date(2026, 3, 3, 14, 0, 0, 0, time.UTC)) }

func discoveringRouter(p *authtest.Provider, clock *testkit.Clock) *gin.Engine {
	gin.SetMode(gin.TestMode)
	v := auth.NewDiscoveringVerifier(auth.OIDCConfig{
		Issuer: p.URL, Audience: authtest.ClientID, ClientID: authtest.ClientID, RolesClaim: "roles",
	}, auth.NewDiscovery(p.URL, nil).WithClock(clock.Now))
	g := auth.NewGuard(v, slog.New(slog.NewTextHandler(io.Discard, nil)))
	r := gin.New()
	r.GET("/x", g.SignedIn(), g.Customer(), func(c *gin.Context) {
		who, _ := auth.PrincipalFrom(c.Request.Context())
		c.String(http.StatusOK, who.Subject)
	})
	return r
}

func TestDiscoveringVerifier_AnswersUnavailableUntilTheProviderAnswersThenVerifies(t *testing.T) {
	p := authtest.NewProvider(t)
	p.SetDown(true)
	clock := newClock()
	r := discoveringRouter(p, clock)
	token := "Bearer " + p.Token(t, authtest.Claims{Subject: "u1", Roles: []string{"service-portal:customer"}})

	w := call(r, token)
	require.Equal(t, http.StatusServiceUnavailable, w.Code)
	var body struct{ Error, Message string }
	require.NoError(t, json.Unmarshal(w.Body.Bytes(), &body))
	require.Equal(t, "auth.providerUnavailable", body.Error)
	require.Contains(t, body.Message, "identity provider cannot be reached")

	p.SetDown(false)
	clock.Advance(backoff)
	require.Equal(t, "u1", call(r, token).Body.String())
	require.Equal(t, http.StatusUnauthorized, call(r, "Bearer forged").Code)

	// Success is remembered: the document is not fetched again.
	seen := p.Discoveries.Load()
	for range 3 {
		call(r, token)
	}
	require.Equal(t, seen, p.Discoveries.Load())
}

func TestDiscovery_RetriesAfterABackoffNotOnEveryRequest(t *testing.T) {
	p := authtest.NewProvider(t)
	p.SetDown(true)
	clock := newClock()
	d := auth.NewDiscovery(p.URL, nil).WithClock(clock.Now)

	for range 5 {
		_, err := d.Metadata(context.Background())
		require.ErrorIs(t, err, auth.ErrProviderUnavailable)
	}
	require.Equal(t, int64(1), p.Discoveries.Load(), "failures within the backoff are answered from memory")

	p.SetDown(false)
	clock.Advance(backoff - time.Millisecond)
	_, err := d.Metadata(context.Background())
	require.ErrorIs(t, err, auth.ErrProviderUnavailable, "the provider is asked again only once the backoff has passed")
	clock.Advance(time.Millisecond)
	meta, err := d.Metadata(context.Background())
	require.NoError(t, err)
	require.Equal(t, p.URL+"/userinfo", meta.UserinfoEndpoint)
	require.Equal(t, p.URL+"/jwks", meta.JWKSURI)
}

func TestDiscovery_RefusesADocumentOfAnotherIssuer(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		_, _ = io.WriteString(w, `{"issuer":"https://elsewhere.example","jwks_uri":"https://elsewhere.example/jwks"}`)
	}))
	t.Cleanup(srv.Close)

	_, err := auth.NewDiscovery(srv.URL, nil).Metadata(context.Background())
	require.ErrorIs(t, err, auth.ErrProviderUnavailable)
	require.Contains(t, err.Error(), "elsewhere.example")
}

func TestDiscovery_ACancelledCallerDoesNotFailTheProvider(t *testing.T) {
	p := authtest.NewProvider(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()

	_, err := auth.NewDiscovery(p.URL, nil).Metadata(ctx)
	require.NoError(t, err)
}

func TestClaimAt_FollowsDotPathsAndNamespacedKeys(t *testing.T) {
	claims := map[string]any{
		"org":                          map[string]any{"name": "FleetCo"},
		"https://rugged.example/roles": []any{"service-portal:customer"},
		"resource_access":              map[string]any{"service-portal": map[string]any{"roles": []any{"x"}}},
		"flat":                         "y",
	}
	tests := []struct {
		path string
		want any
	}{
		{"org.name", "FleetCo"},
		{"https://rugged.example/roles", []any{"service-portal:customer"}},
		{"resource_access.service-portal.roles", []any{"x"}},
		{"flat.deeper", nil},
		{"missing.path", nil},
		{"", nil},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			require.Equal(t, tt.want, auth.ClaimAt(claims, tt.path))
		})
	}
}

func TestRoleList_ReadsArraysAndSpaceSeparatedStrings(t *testing.T) {
	tests := []struct {
		name string
		raw  any
		want []string
	}{
		{"array", []any{"a:x", "a:y"}, []string{"a:x", "a:y"}},
		{"array with junk", []any{"a:x", 7, nil, map[string]any{}, " "}, []string{"a:x"}},
		{"string", "a:x a:y", []string{"a:x", "a:y"}},
		{"number", 3.0, nil},
		{"object", map[string]any{"a": "x"}, nil},
		{"absent", nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			require.Equal(t, tt.want, auth.RoleList(tt.raw))
		})
	}
}
