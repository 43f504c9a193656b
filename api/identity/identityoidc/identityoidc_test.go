package identityoidc_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/identity/identityapi"
	"rugged.example/portal/api/identity/identitycore"
	"rugged.example/portal/api/identity/identityoidc"
	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/auth/authtest"
	"rugged.example/portal/api/pkg/cache"
	"rugged.example/portal/api/pkg/testkit"
)

var paths = identityoidc.ClaimPaths{Roles: "roles", Org: "org.name", Discount: "flags.rma.flatDiscountPercentage"}

// provider is a stand-in OpenID provider whose userinfo endpoint answers with a handler the
// test chooses, counting calls and remembering the bearer token it got.
type provider struct {
	*authtest.Provider
	calls    atomic.Int64
	lastAuth atomic.Value
	userinfo http.HandlerFunc
}

func newProvider(t *testing.T, userinfo http.HandlerFunc) *provider {
	p := &provider{Provider: authtest.NewProvider(t), userinfo: userinfo}
	p.Mux.HandleFunc("GET /userinfo", func(w http.ResponseWriter, r *http.Request) {
		p.calls.Add(1)
		p.lastAuth.Store(r.Header.Get("Authorization"))
		p.userinfo(w, r)
	})
	return p
}

func jsonReply(body string) http.HandlerFunc {
	return func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		_, _ = w.Write([]byte(body))
	}
}

// wiring is what compose builds for an external issuer: a discovering verifier that takes
// roles from the profile when the token has none, and the profile source behind /me.
type wiring struct {
	verifier auth.Verifier
	source   *identityoidc.Source
	router   *gin.Engine
}

func wire(t *testing.T, p *provider, c cache.Cache) wiring { return wireAt(t, p, c, nil) }

// wireAt is wire with the profile source on the clock now (nil: time.Now).
func wireAt(t *testing.T, p *provider, c cache.Cache, now func() time.Time) wiring {
	t.Helper()
	d := auth.NewDiscovery(p.URL, nil)
	source := identityoidc.New(identityoidc.Config{ClientID: authtest.ClientID, Paths: paths, Now: now}, d, c, testkit.Quiet())
	verifier := source.Verifier(auth.NewDiscoveringVerifier(auth.OIDCConfig{
		Issuer: p.URL, Audience: authtest.ClientID, ClientID: authtest.ClientID, RolesClaim: paths.Roles,
	}, d))
	gin.SetMode(gin.TestMode)
	r := gin.New()
	guard := auth.NewGuard(verifier, testkit.Quiet())
	identityapi.Routes(r, guard, source, testkit.Quiet())
	r.GET("/customer-only", guard.SignedIn(), guard.Customer(), func(c *gin.Context) { c.Status(http.StatusNoContent) })
	return wiring{verifier: verifier, source: source, router: r}
}

func get(r http.Handler, path, token string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodGet, path, nil)
	req.Header.Set("Authorization", "Bearer "+token)
	w := httptest.NewRecorder()
	r.ServeHTTP(w, req)
	return w
}

func readMe(t *testing.T, w *httptest.ResponseRecorder) identitycore.Profile {
	t.Helper()
	require.Equal(t, http.StatusOK, w.Code, w.Body.String())
	var m identitycore.Profile
	require.NoError(t, json.Unmarshal(w.Body.Bytes(), &m))
	return m
}

// lifetimes is a cache that remembers how long each entry was stored for: the cache's own tests
// show that memory and Redis drop an entry at its ttl, so the ttl is what the source decides.
type lifetimes struct {
	cache.Cache
	mu  sync.Mutex
	ttl []time.Duration
}

func (c *lifetimes) Set(ctx context.Context, key string, value []byte, ttl time.Duration) error {
	c.mu.Lock()
	c.ttl = append(c.ttl, ttl)
	c.mu.Unlock()
	return c.Cache.Set(ctx, key, value, ttl)
}

func (c *lifetimes) stored() []time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Clone(c.ttl)
}

func eachCache(t *testing.T, test func(t *testing.T, c cache.Cache)) {
	t.Run("memory", func(t *testing.T) { test(t, cache.NewMemory(100)) })
	t.Run("redis", func(t *testing.T) { test(t, testkit.Redis(t)) })
}

func TestMe_MergesTokenClaimsWithUserinfoCalledWithTheSameBearer(t *testing.T) {
	eachCache(t, func(t *testing.T, c cache.Cache) {
		p := newProvider(t, jsonReply(`{"sub": "riley", "name": "Riley Quinn", "phone_number": "+1 737 555 0199",
			"address": {"street_address": "4100 Lakeline Blvd\nSuite 210", "locality": "Cedar Park", "region": "TX", "postal_code": "78613", "country": "US"},
			"roles": ["service-portal:service:beta"], "org": {"name": "Quinn Surveying"},
			"flags": {"rma": {"flatDiscountPercentage": "7.5"}}}`))
		w := wire(t, p, c)
		token := p.Token(t, authtest.Claims{Subject: "riley", Email: "riley.quinn@independent.example", Roles: []string{"service-portal:customer"}})

		m := readMe(t, get(w.router, "/me", token))

		require.Equal(t, "Bearer "+token, p.lastAuth.Load())
		require.Equal(t, "riley", m.Subject)
		require.Equal(t, "riley.quinn@independent.example", m.Email)
		require.Equal(t, "Riley", m.FirstName)
		require.Equal(t, "Quinn", m.LastName)
		require.Equal(t, "7375550199", m.Phone)
		require.Equal(t, "US", m.PhoneCountryCode)
		require.Equal(t, "4100 Lakeline Blvd", m.Address.Shipping.Line1)
		require.Equal(t, "Suite 210", m.Address.Shipping.Line2)
		require.Equal(t, "Cedar Park", m.Address.Shipping.City)
		require.Equal(t, "TX", m.Address.Shipping.State)
		require.Equal(t, "78613", m.Address.Shipping.PostalCode)
		require.Equal(t, []string{"service-portal:customer", "service-portal:service:beta"}, m.Roles)
		require.Equal(t, "Quinn Surveying", m.Org.Name)
		require.InDelta(t, 7.5, m.Flags.RMA.FlatDiscountPercentage, 0)
	})
}

func TestMe_ProfileIsCachedPerSubjectForTheTokensLifetime(t *testing.T) {
	eachCache(t, func(t *testing.T, c cache.Cache) {
		p := newProvider(t, jsonReply(`{"sub": "riley", "given_name": "Riley"}`))
		// Whole seconds, as a token's exp: the rest of its lifetime is then exact.
		clock := testkit.NewClock(time.Now().Truncate(time.Second))
		stored := &lifetimes{Cache: c}
		w := wireAt(t, p, stored, clock.Now)
		token := p.Token(t, authtest.Claims{Subject: "riley", Roles: []string{"service-portal:customer"}, Expiry: clock.Now().Add(time.Hour)})

		clock.Advance(20 * time.Minute)
		for range 3 {
			require.Equal(t, "Riley", readMe(t, get(w.router, "/me", token)).FirstName)
		}
		require.Equal(t, int64(1), p.calls.Load())
		require.Equal(t, []time.Duration{40 * time.Minute}, stored.stored(), "the profile is kept for the rest of the token's lifetime")

		// A second process on the same cache (Redis in production) asks nobody either.
		other := wire(t, p, c)
		require.Equal(t, "Riley", readMe(t, get(other.router, "/me", token)).FirstName)
		require.Equal(t, int64(1), p.calls.Load())

		// Another subject is another entry (sam's token names the organization, so only /me
		// asks: userinfo here describes riley, an answer never cached for sam).
		readMe(t, get(w.router, "/me", p.Token(t, authtest.Claims{Subject: "sam", Roles: []string{"service-portal:customer"},
			Extra: map[string]any{"org": map[string]any{"name": "Sam's"}}})))
		require.Equal(t, int64(2), p.calls.Load())
	})
}

// A token with less than a second to live is not worth an entry: the next request comes with a
// new token, whose profile is asked for again.
func TestMe_ProfileOfATokenAboutToExpireIsNotCached(t *testing.T) {
	p := newProvider(t, jsonReply(`{"sub": "riley", "given_name": "Riley"}`))
	clock := testkit.NewClock(time.Now().Truncate(time.Second))
	stored := &lifetimes{Cache: cache.NewMemory(100)}
	w := wireAt(t, p, stored, clock.Now)
	// The token names the organization, so only /me asks userinfo (not the verifier too).
	token := p.Token(t, authtest.Claims{Subject: "riley", Roles: []string{"service-portal:customer"}, Expiry: clock.Now().Add(time.Hour),
		Extra: map[string]any{"org": map[string]any{"name": "Quinn Surveying"}}})

	clock.Advance(time.Hour - 500*time.Millisecond)
	for range 2 {
		require.Equal(t, "Riley", readMe(t, get(w.router, "/me", token)).FirstName)
	}
	require.Equal(t, int64(2), p.calls.Load())
	require.Empty(t, stored.stored())
}

func TestMe_UserinfoThatRefusesTheTokenLeavesTheTokensClaims(t *testing.T) {
	p := newProvider(t, func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("WWW-Authenticate", `Bearer error="invalid_token", error_description="token audience prevents accessing the userinfo endpoint"`)
		w.WriteHeader(http.StatusUnauthorized)
	})
	w := wire(t, p, cache.NewMemory(100))
	token := p.Token(t, authtest.Claims{Subject: "riley", Email: "riley@example.com", Roles: []string{"service-portal:customer"},
		Extra: map[string]any{"given_name": "Riley", "org": map[string]any{"name": "Quinn Surveying"}}})

	m := readMe(t, get(w.router, "/me", token))
	require.Equal(t, "Riley", m.FirstName)
	require.Equal(t, "Quinn Surveying", m.Org.Name)
	require.Equal(t, []string{"service-portal:customer"}, m.Roles)

	// The refusal is the provider's steady answer: cached like any profile.
	readMe(t, get(w.router, "/me", token))
	require.Equal(t, int64(1), p.calls.Load())
}

func TestMe_UnusableUserinfoAnswersFromTheTokenWithoutCaching(t *testing.T) {
	tests := map[string]http.HandlerFunc{
		"server error":   func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusBadGateway) },
		"another sub":    jsonReply(`{"sub": "someone-else", "given_name": "Mallory"}`),
		"not json":       jsonReply(`<html>`),
		"a json array":   jsonReply(`["riley"]`),
		"sub not string": jsonReply(`{"sub": 7, "given_name": "Mallory"}`),
	}
	for name, handler := range tests {
		t.Run(name, func(t *testing.T) {
			p := newProvider(t, handler)
			w := wire(t, p, cache.NewMemory(100))
			// Roles and organization in the token: only /me asks userinfo.
			token := p.Token(t, authtest.Claims{Subject: "riley", Roles: []string{"service-portal:customer"},
				Extra: map[string]any{"given_name": "Riley", "org": map[string]any{"name": "Quinn Surveying"}}})

			require.Equal(t, "Riley", readMe(t, get(w.router, "/me", token)).FirstName)
			require.Equal(t, "Riley", readMe(t, get(w.router, "/me", token)).FirstName)
			require.Equal(t, int64(2), p.calls.Load(), "asked again: the failure may pass")
		})
	}
}

func TestMe_WeirdTokenAndUserinfoClaimsNeverFailTheProfile(t *testing.T) {
	p := newProvider(t, jsonReply(`{"sub": "riley", "email": false, "address": [1, 2], "roles": 7, "org": {"name": {"first": "x"}}, "flags": {"rma": null}}`))
	w := wire(t, p, cache.NewMemory(100))
	token := p.Token(t, authtest.Claims{Subject: "riley", Roles: []string{"service-portal:customer"},
		Extra: map[string]any{"name": 12, "phone_number": []string{"+1"}, "address": map[string]any{"street_address": nil}}})

	m := readMe(t, get(w.router, "/me", token))
	require.Equal(t, "riley", m.Subject)
	require.Equal(t, []string{"service-portal:customer"}, m.Roles)
	require.Nil(t, m.Org)
}

func TestVerifier_RolesOnlyInUserinfoPassTheCustomerCheck(t *testing.T) {
	p := newProvider(t, jsonReply(`{"sub": "riley", "roles": ["service-portal:customer", "other-app:admin"]}`))
	w := wire(t, p, cache.NewMemory(100))
	// No roles claim at all in the access token.
	token := p.Token(t, authtest.Claims{Subject: "riley", Extra: map[string]any{"roles": nil}})

	require.Equal(t, http.StatusNoContent, get(w.router, "/customer-only", token).Code)
	principal, err := w.verifier.Verify(context.Background(), token)
	require.NoError(t, err)
	require.Equal(t, []string{"customer"}, principal.ClientRoles)
	require.Equal(t, []string{"service-portal:customer", "other-app:admin"}, readMe(t, get(w.router, "/me", token)).Roles)
	require.Equal(t, int64(1), p.calls.Load(), "the guard and /me share the cached profile")
}

func TestVerifier_ATokenWithRolesAndOrganizationIsNotLookedUp(t *testing.T) {
	p := newProvider(t, jsonReply(`{"sub": "nora", "roles": ["service-portal:customer"], "org": {"name": "Elsewhere"}}`))
	w := wire(t, p, cache.NewMemory(100))
	// The token says which roles the user has (none of this client): userinfo cannot add any.
	token := p.Token(t, authtest.Claims{Subject: "nora", Roles: []string{"field-app:viewer"}, Extra: map[string]any{"org": map[string]any{"name": "FleetCo"}}})

	require.Equal(t, http.StatusForbidden, get(w.router, "/customer-only", token).Code)
	principal, err := w.verifier.Verify(context.Background(), token)
	require.NoError(t, err)
	require.Equal(t, "FleetCo", principal.Org)
	require.Zero(t, p.calls.Load())
}

func TestVerifier_OrganizationOnlyInUserinfoIsTheCallers(t *testing.T) {
	p := newProvider(t, jsonReply(`{"sub": "olivia", "roles": ["service-portal:service:beta"], "org": {"name": "FleetCo"}}`))
	w := wire(t, p, cache.NewMemory(100))
	token := p.Token(t, authtest.Claims{Subject: "olivia", Roles: []string{"service-portal:customer"}})

	for range 2 {
		principal, err := w.verifier.Verify(context.Background(), token)
		require.NoError(t, err)
		require.Equal(t, "FleetCo", principal.Org)
		require.Equal(t, []string{"customer"}, principal.ClientRoles, "the token's roles claim stays the answer")
	}
	require.Equal(t, int64(1), p.calls.Load(), "the profile is cached")
}

func TestMe_ProviderUnreachableAnswers503NotA401(t *testing.T) {
	p := newProvider(t, jsonReply(`{}`))
	p.SetDown(true)
	w := wire(t, p, cache.NewMemory(100))

	res := get(w.router, "/me", p.Token(t, authtest.Claims{Subject: "riley", Roles: []string{"service-portal:customer"}}))
	require.Equal(t, http.StatusServiceUnavailable, res.Code)
	require.JSONEq(t, `{"error":"auth.providerUnavailable","message":"Sign-in is unavailable right now: the identity provider cannot be reached. Please try again in a few minutes."}`, res.Body.String())
}
