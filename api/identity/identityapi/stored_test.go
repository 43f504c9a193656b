package identityapi_test

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/gin-gonic/gin"
	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/identity"
	"rugged.example/portal/api/identity/identityapi"
	"rugged.example/portal/api/identity/identitydb"
	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/auth/authtest"
	"rugged.example/portal/api/pkg/testkit"
)

// /me answers the stored contact and address in place of the provider's, and the provider's
// e-mail, roles and organization as they are.
func TestMe_StoredProfileWins(t *testing.T) {
	gin.SetMode(gin.TestMode)
	gdb := testkit.SQLite(t)
	require.NoError(t, identitydb.Migrate(t.Context(), gdb))
	store := identitydb.NewStore(gdb)
	s := authtest.NewSigner(t)
	provider := profiles{
		"usr_olivia": {
			Subject: "usr_olivia", Email: "olivia@fleetco.example", FirstName: "Olivia", LastName: "Reyes", Company: "FleetCo Utilities",
			Phone: "6025550100", PhoneCountryCode: "US", Roles: []string{"service-portal:customer"}, Org: &identity.Org{Name: "FleetCo Utilities"},
			Address: identity.Addresses{Shipping: identity.Address{Line1: "1 Provider Way", Line2: "Bldg 2", City: "Phoenix", State: "AZ", Country: "US", PostalCode: "85004"}},
		},
		"usr_casey": {Subject: "usr_casey", Email: "casey@example.com", FirstName: "Casey", Roles: []string{"service-portal:customer"}},
	}
	r := gin.New()
	identityapi.Routes(r, auth.NewGuard(s.Verifier(), testkit.Quiet()), identityapi.WithStored(provider, store), testkit.Quiet())
	require.NoError(t, store.SaveStoredProfile(t.Context(), identity.StoredProfile{
		Subject: "usr_olivia", FirstName: "Liv", LastName: "Reyes", Company: "FleetCo Utilities", Position: "Fleet Manager",
		Phone: "6025550199", PhoneCountryCode: "US",
		Shipping: identity.Address{Line1: "2200 E Washington St", City: "Phoenix", State: "AZ", Country: "US", PostalCode: "85034"},
	}))

	me := func(subject string) string {
		req := httptest.NewRequest(http.MethodGet, "/me", nil)
		req.Header.Set("Authorization", "Bearer "+s.Customer(t, subject))
		w := httptest.NewRecorder()
		r.ServeHTTP(w, req)
		require.Equal(t, http.StatusOK, w.Code)
		return w.Body.String()
	}
	olivia := me("usr_olivia")
	require.Contains(t, olivia, `"firstName":"Liv"`)
	require.Contains(t, olivia, `"position":"Fleet Manager"`)
	require.Contains(t, olivia, `"phone":"6025550199"`)
	require.Contains(t, olivia, `"shipping":{"line1":"2200 E Washington St","line2":"","city":"Phoenix"`, "the stored empty second line wins too")
	require.Contains(t, olivia, `"email":"olivia@fleetco.example"`, "the e-mail stays the provider's")
	require.Contains(t, olivia, `"org":{"name":"FleetCo Utilities"}`)
	require.Contains(t, me("usr_casey"), `"firstName":"Casey"`, "without a stored profile the provider's answer stands")
}
