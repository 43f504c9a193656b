package compose_test

import (
	"encoding/json"
	"net/http"
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
