package compose_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/pkg/auth/authtest"
	"rugged.example/portal/api/portal/compose"
)

func TestLoadConfig_DefaultClaimPathsOfExternalProviders(t *testing.T) {
	cfg := embeddedConfig(t)
	require.Equal(t, "roles", cfg.OIDCRolesClaim)
	require.Equal(t, "org.name", cfg.OIDCOrgClaim)
	require.Equal(t, "flags.rma.flatDiscountPercentage", cfg.OIDCDiscountClaim)
}

// externalConfig points the embedded defaults at an external provider p.
func externalConfig(t *testing.T, p *authtest.Provider) compose.Config {
	t.Helper()
	t.Setenv("OIDC_ISSUER", p.URL)
	t.Setenv("OIDC_ORG_CLAIM", "https://rugged.example/org")
	return embeddedConfig(t)
}

func TestBuild_ExternalIssuerStartsBeforeItsProviderAnswersThenServesMe(t *testing.T) {
	p := authtest.NewProvider(t)
	p.Mux.HandleFunc("GET /userinfo", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"sub": "ext-riley", "name": "Riley Quinn", "https://rugged.example/org": "Quinn Surveying",
			"address": {"street_address": "4100 Lakeline Blvd\nSuite 210", "locality": "Cedar Park", "region": "TX", "postal_code": "78613", "country": "US"}}`))
	})
	p.SetDown(true)
	cfg := externalConfig(t, p)
	require.False(t, cfg.EmbeddedIdentity())
	require.Equal(t, "https://rugged.example/org", cfg.OIDCOrgClaim)

	app := build(t, cfg)
	token := p.Token(t, authtest.Claims{Subject: "ext-riley", Email: "riley.quinn@independent.example", Roles: []string{"service-portal:customer"}})

	// The provider is not up yet: the portal runs and says so, without sending browsers to sign-in.
	down := serve(app, http.MethodGet, "/me", token)
	require.Equal(t, http.StatusServiceUnavailable, down.Code)
	require.Contains(t, down.Body.String(), `"error":"auth.providerUnavailable"`)
	require.Equal(t, http.StatusServiceUnavailable, serve(app, http.MethodGet, "/rma-manager/rma/verify-serial?serial=RT10000001", token).Code)
	require.Equal(t, http.StatusOK, serve(app, http.MethodGet, "/readyz", "").Code)

	p.SetDown(false)
	require.Eventually(t, func() bool { return serve(app, http.MethodGet, "/me", token).Code == http.StatusOK }, 5*time.Second, 100*time.Millisecond)

	var me struct {
		Sub, Email, FirstName, LastName string
		Roles                           []string
		Org                             struct{ Name string }
		Address                         struct {
			Shipping struct{ Line1, Line2, City, State, PostalCode, Country string }
		}
	}
	require.NoError(t, json.Unmarshal(serve(app, http.MethodGet, "/me", token).Body.Bytes(), &me))
	require.Equal(t, "ext-riley", me.Sub)
	require.Equal(t, "riley.quinn@independent.example", me.Email)
	require.Equal(t, "Riley", me.FirstName)
	require.Equal(t, "Quinn", me.LastName)
	require.Equal(t, []string{"service-portal:customer"}, me.Roles)
	require.Equal(t, "Quinn Surveying", me.Org.Name)
	require.Equal(t, "Suite 210", me.Address.Shipping.Line2)
	require.Equal(t, "Cedar Park", me.Address.Shipping.City)

	require.Equal(t, http.StatusOK, serve(app, http.MethodGet, "/rma-manager/rma/verify-serial?serial=RT10000001", token).Code)
	require.Equal(t, http.StatusUnauthorized, serve(app, http.MethodGet, "/me", "forged").Code)
	require.Equal(t, http.StatusNotFound, serve(app, http.MethodGet, "/idp/.well-known/openid-configuration", "").Code, "no embedded provider beside an external one")

	var rc struct{ OIDC struct{ Authority string } }
	require.NoError(t, json.Unmarshal(serve(app, http.MethodGet, "/runtime-config.json", "").Body.Bytes(), &rc))
	require.Equal(t, p.URL, rc.OIDC.Authority)
}

// signInPost posts the embedded provider's sign-in form as a browser behind remoteAddr would,
// with forwardedFor (when set) as the proxy's X-Forwarded-For.
func signInPost(app *compose.App, authRequestID, email, remoteAddr, forwardedFor string) int {
	form := url.Values{"authRequestID": {authRequestID}, "email": {email}, "password": {"wrong"}}
	req := httptest.NewRequest(http.MethodPost, "/idp/login", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.RemoteAddr = remoteAddr
	if forwardedFor != "" {
		req.Header.Set("X-Forwarded-For", forwardedFor)
	}
	w := httptest.NewRecorder()
	app.Engine.ServeHTTP(w, req)
	return w.Code
}

// openSignIn starts an authorization request at the embedded provider and returns its id.
func openSignIn(t *testing.T, app *compose.App, cfg compose.Config) string {
	t.Helper()
	q := url.Values{
		"client_id": {cfg.OIDCClientID}, "redirect_uri": {cfg.PublicURL + "/oidc-callback"}, "response_type": {"code"},
		"scope": {"openid"}, "code_challenge": {"E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"}, "code_challenge_method": {"S256"},
	}
	w := serve(app, http.MethodGet, "/idp/authorize?"+q.Encode(), "")
	require.Equal(t, http.StatusFound, w.Code, w.Body.String())
	loc, err := url.Parse(w.Header().Get("Location"))
	require.NoError(t, err)
	id := loc.Query().Get("authRequestID")
	require.NotEmpty(t, id)
	return id
}

func TestBuild_SignInThrottleCountsTheClientAddressTheTrustedProxyForwards(t *testing.T) {
	t.Setenv("PORTAL_TRUSTED_PROXIES", "192.0.2.1")
	t.Setenv("IDP_SIGNIN_CLIENT_FAILURES", "3")
	cfg := embeddedConfig(t)
	require.Equal(t, 3, cfg.SignIn.ClientFailures)
	require.Equal(t, []time.Duration{time.Minute, 5 * time.Minute, 15 * time.Minute, time.Hour}, cfg.SignIn.Lockouts, "the default lockouts")
	app := build(t, cfg)
	id := openSignIn(t, app, cfg)
	const proxy = "192.0.2.1:40000"

	for i, want := range []int{http.StatusOK, http.StatusOK, http.StatusTooManyRequests} {
		require.Equal(t, want, signInPost(app, id, fmt.Sprintf("user%d@example.com", i), proxy, "203.0.113.7"), "failure %d", i+1)
	}
	require.Equal(t, http.StatusTooManyRequests, signInPost(app, id, "casey@example.com", proxy, "203.0.113.7"), "the forwarded client is locked")
	require.Equal(t, http.StatusOK, signInPost(app, id, "casey@example.com", proxy, "203.0.113.8"), "another client behind the same proxy is not")

	// A caller that is not the proxy cannot choose its address with X-Forwarded-For.
	for i := range 3 {
		signInPost(app, id, fmt.Sprintf("spoof%d@example.com", i), "198.51.100.1:5000", "203.0.113.9")
	}
	require.Equal(t, http.StatusTooManyRequests, signInPost(app, id, "casey@example.com", "198.51.100.1:5000", "203.0.113.10"))
	require.Equal(t, http.StatusOK, signInPost(app, id, "olivia@fleetco.example", proxy, "203.0.113.9"), "the spoofed address was not counted")

	metrics := scrape(t, app)
	require.Contains(t, metrics, `portal_idp_sign_in_lockouts_total{scope="client"} 2`)
	require.Contains(t, metrics, "portal_idp_sign_in_failures_total 8")
	require.Contains(t, metrics, "portal_idp_sign_in_refused_total 2")
}
