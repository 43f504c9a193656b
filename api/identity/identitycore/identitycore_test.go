package identitycore_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/identity/identitycore"
)

func TestProfile_JSONUsesThePortalsFieldNames(t *testing.T) {
	tests := []struct {
		name string
		user identitycore.User
		want string
	}{
		{
			name: "customer without organization",
			user: identitycore.User{
				ID: "usr_casey", Email: "casey@example.com", PasswordHash: "secret-hash",
				FirstName: "Casey", LastName: "Morgan", Company: "Morgan Field Services",
				Phone: "5125550142", PhoneCountryCode: "US",
				Shipping: identitycore.Address{Line1: "2100 Riverside Dr", Line2: "Suite 300", City: "Austin", State: "TX", Country: "US", PostalCode: "78741"},
				Roles:    []string{"service-portal:customer"},
			},
			want: `{"sub":"usr_casey","email":"casey@example.com","firstName":"Casey","lastName":"Morgan",
				"company":"Morgan Field Services","position":"","phone":"5125550142","phoneCountryCode":"US",
				"address":{"shipping":{"line1":"2100 Riverside Dr","line2":"Suite 300","city":"Austin","state":"TX","country":"US","postalCode":"78741"}},
				"roles":["service-portal:customer"],"org":null,"flags":{"rma":{"flatDiscountPercentage":0}}}`,
		},
		{
			name: "organization member with discount and no roles",
			user: identitycore.User{ID: "usr_x", Email: "x@fleetco.example", OrgName: "FleetCo Utilities", FlatDiscountPercentage: 10},
			want: `{"sub":"usr_x","email":"x@fleetco.example","firstName":"","lastName":"","company":"","position":"",
				"phone":"","phoneCountryCode":"",
				"address":{"shipping":{"line1":"","line2":"","city":"","state":"","country":"","postalCode":""}},
				"roles":[],"org":{"name":"FleetCo Utilities"},"flags":{"rma":{"flatDiscountPercentage":10}}}`,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := json.Marshal(tc.user.Profile())
			require.NoError(t, err)
			require.JSONEq(t, tc.want, string(got))
			require.NotContains(t, string(got), "secret-hash")
		})
	}
}

func TestProfile_HasClientRoleNeedsTheClientPrefix(t *testing.T) {
	tests := []struct {
		roles []string
		want  bool
	}{
		{[]string{"service-portal:customer"}, true},
		{[]string{"field-app:viewer", "service-portal:service:beta"}, true},
		{[]string{"field-app:viewer"}, false},
		{[]string{"service-portal"}, false},
		{[]string{"service-portal:"}, false},
		{[]string{"service-portalx:customer"}, false},
		{nil, false},
	}
	for _, tc := range tests {
		require.Equal(t, tc.want, identitycore.Profile{Roles: tc.roles}.HasClientRole("service-portal"), "%v", tc.roles)
	}
}
