package compose_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/portal/compose"
)

// The account process of the split topology: profiles from the shared database (the embedded
// provider runs in the identity process), the seeded branches and drivers, and a saved profile
// that the identity process's /me answers at once.
func TestBuild_AccountProcess(t *testing.T) {
	cfg := split(t)
	identity := build(t, cfg)
	casey := devToken(t, cfg, "casey@example.com")
	olivia := devToken(t, cfg, "olivia@fleetco.example")

	cfg.Services = compose.Services{compose.ServiceAccount}
	acct := build(t, cfg)
	w := serve(acct, http.MethodGet, "/account-mgr/user", casey)
	require.Equal(t, http.StatusOK, w.Code, w.Body.String())
	require.Contains(t, w.Body.String(), `"email":"casey@example.com"`)

	save := httptest.NewRequest(http.MethodPost, "/account-mgr/user", strings.NewReader(`{"firstName":"Casey","lastName":"Morgan",
		"phone":"5125550142","phoneCountryCode":"US","company":"Morgan Field Services","position":"Lead technician",
		"address":{"line1":"100 Congress Ave","line2":"","city":"Austin","state":"TX","country":"US","postalCode":"78701"}}`))
	save.Header.Set("Authorization", "Bearer "+casey)
	save.Header.Set("Content-Type", "application/json")
	saved := httptest.NewRecorder()
	acct.Engine.ServeHTTP(saved, save)
	require.Equal(t, http.StatusOK, saved.Code, saved.Body.String())
	me := serve(identity, http.MethodGet, "/me", casey)
	require.Contains(t, me.Body.String(), `"position":"Lead technician"`, "/me answers the stored profile")
	require.Contains(t, me.Body.String(), `"line1":"100 Congress Ave"`)

	branches := serve(acct, http.MethodGet, "/account-mgr/branches", olivia)
	require.Equal(t, http.StatusOK, branches.Code, branches.Body.String())
	require.Contains(t, branches.Body.String(), `"organization":"FleetCo Utilities"`)
	require.Contains(t, branches.Body.String(), "Phoenix Field Depot")
	require.Equal(t, http.StatusForbidden, serve(acct, http.MethodGet, "/account-mgr/branches", casey).Code)

	for _, path := range []string{"/rma-manager/rma/history", "/gss-dashboard/summary", "/account-mgr/drivers", "/account-mgr/registrations"} {
		require.Equal(t, http.StatusOK, serve(acct, http.MethodGet, path, casey).Code, path)
	}
	require.Equal(t, http.StatusNotFound, serve(acct, http.MethodGet, "/rma-manager/rma/verify-serial?serial=RT10000001", casey).Code,
		"the rest of /rma-manager is the repair process's")
}
