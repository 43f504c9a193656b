package compose_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/portal/compose"
)

func TestParseServices(t *testing.T) {
	// Every domain that runs as a process, as compose.Domains lists them (rma is a library).
	var all compose.Services
	for _, r := range compose.Routes() {
		all = append(all, r.Service)
	}
	require.Subset(t, all, []string{"identity", "repair", "recycle", "support", "geo", "shipping", "uploads", "graphql", "payments", "account", "parts", "web"})
	require.NotContains(t, all, "rma")
	tests := []struct {
		list    string
		want    compose.Services
		wantErr string
	}{
		{list: "all", want: all},
		{list: "", want: all},
		{list: "repair", want: compose.Services{"repair"}},
		{list: " geo , web,geo", want: compose.Services{"geo", "web"}},
		{list: "repair,payroll", wantErr: `unknown service "payroll"`},
	}
	for _, tt := range tests {
		t.Run(tt.list, func(t *testing.T) {
			got, err := compose.ParseServices(tt.list)
			if tt.wantErr != "" {
				require.ErrorContains(t, err, tt.wantErr)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tt.want, got)
		})
	}
}

func TestRoutes_EveryServiceOwnsDistinctPaths(t *testing.T) {
	owner := map[string]string{}
	for _, r := range compose.Routes() {
		require.NotEmpty(t, r.Paths, r.Service)
		for _, p := range r.Paths {
			require.NotContains(t, owner, p, "%s is claimed twice", p)
			owner[p] = r.Service
		}
	}
}

// split starts the identity domain on a real listener (other processes discover its keys there,
// as they would an external provider's) and returns the config every process of the split
// portal shares.
func split(t *testing.T) compose.Config {
	t.Helper()
	cfg := embeddedConfig(t)
	var identity http.Handler
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { identity.ServeHTTP(w, r) }))
	t.Cleanup(srv.Close)
	cfg.PublicURL = srv.URL
	cfg.Services = compose.Services{compose.ServiceIdentity}
	identity = build(t, cfg).Engine
	return cfg
}

func TestBuild_OneDomainPerProcessMountsOnlyItsRoutes(t *testing.T) {
	cfg := split(t)
	casey := devToken(t, cfg, "casey@example.com")

	cfg.Services = compose.Services{compose.ServiceRepair}
	repair := build(t, cfg)
	w := serve(repair, http.MethodGet, "/rma-manager/rma/verify-serial?serial=RT10000001", casey)
	require.Equal(t, http.StatusOK, w.Code, "tokens of the identity process are checked through discovery")
	require.Equal(t, http.StatusOK, serve(repair, http.MethodGet, "/readyz", "").Code)
	require.Equal(t, http.StatusForbidden, serve(repair, http.MethodPost, "/rma-manager/admin/rmas/RMA-1/advance", casey).Code,
		"staff move RMAs in the repair process")
	for _, path := range []string{"/fn/LocationsAPI/countries", "/me", "/idp/.well-known/openid-configuration", "/", "/create-rma"} {
		w := serve(repair, http.MethodGet, path, casey)
		require.Equal(t, http.StatusNotFound, w.Code, path)
		require.JSONEq(t, `{"error":"notFound","message":"Not found"}`, w.Body.String(), path)
	}

	cfg.Services = compose.Services{compose.ServiceWeb}
	web := build(t, cfg)
	require.Equal(t, http.StatusOK, serve(web, http.MethodGet, "/create-rma/RT10000001", "").Code)
	require.Equal(t, http.StatusNotFound, serve(web, http.MethodGet, "/rma-manager/rma/verify-serial?serial=RT10000001", casey).Code)

	cfg.Services = compose.Services{compose.ServiceGeo, compose.ServiceSupport}
	both := build(t, cfg)
	require.Equal(t, http.StatusOK, serve(both, http.MethodGet, "/fn/LocationsAPI/countries", "").Code)
	require.Equal(t, http.StatusForbidden, serve(both, http.MethodGet, "/admin/reports/QUERY_RMA_WARNING", casey).Code)
}

func TestBuild_PaymentsProcessServesTheSandboxesOnlyWithoutCredentials(t *testing.T) {
	cfg := split(t)
	cfg.Services = compose.Services{compose.ServicePayments}
	payments := build(t, cfg)
	for _, path := range []string{"/sandbox/paypal/v1/oauth2/token", "/sandbox/authnet/xml/v1/request.api"} {
		w := serve(payments, http.MethodPost, path, "")
		require.NotEqual(t, http.StatusNotFound, w.Code, path)
	}
	require.Equal(t, http.StatusNotFound, serve(payments, http.MethodGet, "/rma-manager/rma/verify-serial?serial=RT10000001", "").Code)
	casey := devToken(t, cfg, "casey@example.com")
	w := serve(payments, http.MethodGet, "/payments/quote/details?uid=QT-AAAAAAAAAAAA", casey)
	require.Equal(t, http.StatusNotFound, w.Code)
	require.JSONEq(t, `{"error":"payments.quoteNotFound","message":"Quote not found"}`, w.Body.String(), "the quote routes run on the payments tables")
	require.Equal(t, http.StatusForbidden, serve(payments, http.MethodPost, "/payments/admin/service-quotes", casey).Code)

	t.Setenv("PAYPAL_API_BASE", "https://api-m.sandbox.paypal.com")
	t.Setenv("PAYPAL_CLIENT_ID", "app")
	t.Setenv("PAYPAL_CLIENT_SECRET", "s3cret")
	t.Setenv("PAYPAL_WEBHOOK_ID", "WH-1")
	t.Setenv("AUTHNET_API_URL", "https://apitest.authorize.net/xml/v1/request.api")
	t.Setenv("AUTHNET_FORM_URL", "https://test.authorize.net/payment/payment")
	t.Setenv("AUTHNET_LOGIN_ID", "login")
	t.Setenv("AUTHNET_TRANSACTION_KEY", "key")
	t.Setenv("AUTHNET_SIGNATURE_KEY", "sig")
	real, err := compose.LoadConfig()
	require.NoError(t, err)
	real.PublicURL, real.DataDir, real.Services = cfg.PublicURL, cfg.DataDir, cfg.Services
	require.Equal(t, "s3cret", real.PayPal.ClientSecret.Reveal())
	require.NotContains(t, fmt.Sprint(real), "s3cret", "secrets are masked when the config is logged")
	app := build(t, real)
	for _, path := range []string{"/sandbox/paypal/v1/oauth2/token", "/sandbox/authnet/xml/v1/request.api"} {
		w := serve(app, http.MethodPost, path, "")
		require.Equal(t, http.StatusNotFound, w.Code, path)
		require.JSONEq(t, `{"error":"notFound","message":"Not found"}`, w.Body.String(), path)
	}
}
