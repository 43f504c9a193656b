package identityoidc

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/identity/identitycore"
)

var defaultPaths = ClaimPaths{Roles: "roles", Org: "org.name", Discount: "flags.rma.flatDiscountPercentage"}

func decode(t *testing.T, raw string) map[string]any {
	t.Helper()
	var claims map[string]any
	require.NoError(t, json.Unmarshal([]byte(raw), &claims))
	return claims
}

func TestProfileFromClaims_MapsTheStandardAndThePortalsClaims(t *testing.T) {
	claims := decode(t, `{
		"sub": "riley", "email": "riley.quinn@independent.example",
		"given_name": "Riley", "family_name": "Quinn", "name": "ignored when given and family exist",
		"phone_number": "+1 737 555 0199", "company": "Quinn Surveying", "position": "Owner",
		"address": {"street_address": "4100 Lakeline Blvd\nSuite 210", "locality": "Cedar Park",
			"region": "TX", "postal_code": "78613", "country": "us"},
		"roles": ["service-portal:customer", "service-portal:service:beta"],
		"org": {"name": "Quinn Surveying LLC"},
		"flags": {"rma": {"flatDiscountPercentage": 12.5}}
	}`)

	require.Equal(t, identitycore.Profile{
		Email: "riley.quinn@independent.example", FirstName: "Riley", LastName: "Quinn",
		Company: "Quinn Surveying", Position: "Owner", Phone: "7375550199", PhoneCountryCode: "US",
		Address: identitycore.Addresses{Shipping: identitycore.Address{
			Line1: "4100 Lakeline Blvd", Line2: "Suite 210", City: "Cedar Park", State: "TX", Country: "US", PostalCode: "78613",
		}},
		Roles: []string{"service-portal:customer", "service-portal:service:beta"},
		Org:   &identitycore.Org{Name: "Quinn Surveying LLC"},
		Flags: identitycore.Flags{RMA: identitycore.RMAFlags{FlatDiscountPercentage: 12.5}},
	}, profileFromClaims(claims, defaultPaths))
}

func TestProfileFromClaims_WeirdShapesGiveAProfileWithWhatIsThere(t *testing.T) {
	tests := []struct {
		name   string
		claims string
		paths  ClaimPaths
		check  func(t *testing.T, p identitycore.Profile)
	}{
		{"no claims at all", `{}`, defaultPaths, func(t *testing.T, p identitycore.Profile) {
			require.Equal(t, identitycore.Profile{}, p)
		}},
		{"name split when given and family are absent", `{"name": "  Jane   van Doe "}`, defaultPaths, func(t *testing.T, p identitycore.Profile) {
			require.Equal(t, "Jane", p.FirstName)
			require.Equal(t, "van Doe", p.LastName)
		}},
		{"a single-word name is the first name", `{"name": "Prince"}`, defaultPaths, func(t *testing.T, p identitycore.Profile) {
			require.Equal(t, "Prince", p.FirstName)
			require.Empty(t, p.LastName)
		}},
		{"only given_name: name is not split over it", `{"given_name": "Ana", "name": "Ana Lima"}`, defaultPaths, func(t *testing.T, p identitycore.Profile) {
			require.Equal(t, "Ana", p.FirstName)
			require.Empty(t, p.LastName)
		}},
		{"wrong types everywhere", `{"email": 42, "given_name": ["a"], "family_name": {"x": 1}, "name": true,
			"phone_number": 5125550142, "address": "4100 Lakeline Blvd", "roles": {"customer": true},
			"org": "FleetCo", "flags": [1, 2], "company": null}`, defaultPaths, func(t *testing.T, p identitycore.Profile) {
			require.Equal(t, identitycore.Profile{}, p)
		}},
		{"address fields of the wrong type are skipped, the rest kept", `{"address": {"street_address": ["x"], "locality": "Austin", "region": 7, "postal_code": 78701, "country": "US"}}`, defaultPaths, func(t *testing.T, p identitycore.Profile) {
			require.Equal(t, identitycore.Address{City: "Austin", Country: "US"}, p.Address.Shipping)
		}},
		{"three street lines: the rest joins line 2", `{"address": {"street_address": "Bldg 4\r\nDock B\n\nGate 2"}}`, defaultPaths, func(t *testing.T, p identitycore.Profile) {
			require.Equal(t, "Bldg 4", p.Address.Shipping.Line1)
			require.Equal(t, "Dock B, Gate 2", p.Address.Shipping.Line2)
		}},
		{"country name kept as sent", `{"address": {"country": "Germany"}}`, defaultPaths, func(t *testing.T, p identitycore.Profile) {
			require.Equal(t, "Germany", p.Address.Shipping.Country)
		}},
		{"roles as one space-separated string", `{"roles": "service-portal:customer service-portal:service:payment:po"}`, defaultPaths, func(t *testing.T, p identitycore.Profile) {
			require.Equal(t, []string{"service-portal:customer", "service-portal:service:payment:po"}, p.Roles)
		}},
		{"roles with junk entries", `{"roles": ["service-portal:customer", 3, null, {"r": 1}]}`, defaultPaths, func(t *testing.T, p identitycore.Profile) {
			require.Equal(t, []string{"service-portal:customer"}, p.Roles)
		}},
		{"nested roles, namespaced org and discount claims", `{
			"resource_access": {"service-portal": {"roles": ["service-portal:customer"]}},
			"https://rugged.example/org": "FleetCo", "https://rugged.example/discount": "10"}`,
			ClaimPaths{Roles: "resource_access.service-portal.roles", Org: "https://rugged.example/org", Discount: "https://rugged.example/discount"},
			func(t *testing.T, p identitycore.Profile) {
				require.Equal(t, []string{"service-portal:customer"}, p.Roles)
				require.Equal(t, &identitycore.Org{Name: "FleetCo"}, p.Org)
				require.InDelta(t, 10, p.Flags.RMA.FlatDiscountPercentage, 0)
			}},
		{"org path through a string", `{"org": "FleetCo"}`, defaultPaths, func(t *testing.T, p identitycore.Profile) {
			require.Nil(t, p.Org)
		}},
		{"blank org name is no org", `{"org": {"name": "  "}}`, defaultPaths, func(t *testing.T, p identitycore.Profile) {
			require.Nil(t, p.Org)
		}},
		{"discount as a numeric string with a percent sign", `{"flags": {"rma": {"flatDiscountPercentage": " 15% "}}}`, defaultPaths, func(t *testing.T, p identitycore.Profile) {
			require.InDelta(t, 15, p.Flags.RMA.FlatDiscountPercentage, 0)
		}},
		{"discount not a number", `{"flags": {"rma": {"flatDiscountPercentage": "lots"}}}`, defaultPaths, func(t *testing.T, p identitycore.Profile) {
			require.Zero(t, p.Flags.RMA.FlatDiscountPercentage)
		}},
		{"negative discount is none, above 100 is 100", `{"flags": {"rma": {"flatDiscountPercentage": -5}}}`, defaultPaths, func(t *testing.T, p identitycore.Profile) {
			require.Zero(t, p.Flags.RMA.FlatDiscountPercentage)
			require.InDelta(t, 100, DiscountPercent(250.0), 0)
			require.Zero(t, DiscountPercent(math.NaN()))
			require.Zero(t, DiscountPercent("Inf"))
		}},
		{"phone in national form keeps its digits and the named country", `{"phone_number": "(512) 555-0142", "phoneCountryCode": "us"}`, defaultPaths, func(t *testing.T, p identitycore.Profile) {
			require.Equal(t, "5125550142", p.Phone)
			require.Equal(t, "US", p.PhoneCountryCode)
		}},
		{"E.164 phone: the number's own country wins", `{"phone_number": "+44 20 7946 0958", "phoneCountryCode": "US"}`, defaultPaths, func(t *testing.T, p identitycore.Profile) {
			require.Equal(t, "2079460958", p.Phone)
			require.Equal(t, "GB", p.PhoneCountryCode)
		}},
		{"unparseable E.164 keeps its digits", `{"phone_number": "+999 12"}`, defaultPaths, func(t *testing.T, p identitycore.Profile) {
			require.Equal(t, "99912", p.Phone)
		}},
		{"empty paths read nothing", `{"roles": ["a:b"], "org": {"name": "X"}}`, ClaimPaths{}, func(t *testing.T, p identitycore.Profile) {
			require.Empty(t, p.Roles)
			require.Nil(t, p.Org)
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			require.NotPanics(t, func() { tt.check(t, profileFromClaims(decode(t, tt.claims), tt.paths)) })
		})
	}
}

func TestProfileFromClaims_NilClaimsDoNotPanic(t *testing.T) {
	require.Equal(t, identitycore.Profile{}, profileFromClaims(nil, defaultPaths))
}

func TestMerge_UserinfoWinsWhereItSaysSomethingAndRolesAreUnited(t *testing.T) {
	token := identitycore.Profile{
		Subject: "s1", Email: "token@example.com", FirstName: "Tok", Phone: "5125550142", PhoneCountryCode: "US",
		Address: identitycore.Addresses{Shipping: identitycore.Address{Line1: "1 Token St", City: "Austin"}},
		Roles:   []string{"service-portal:customer"},
		Flags:   identitycore.Flags{RMA: identitycore.RMAFlags{FlatDiscountPercentage: 5}},
	}
	info := identitycore.Profile{
		Email: "info@example.com", LastName: "Info", Phone: "2079460958",
		Address: identitycore.Addresses{Shipping: identitycore.Address{Line1: "2 Info Rd", Country: "GB"}},
		Roles:   []string{"service-portal:service:beta", "service-portal:customer"},
		Org:     &identitycore.Org{Name: "InfoCo"},
	}

	got := merge(token, info)

	require.Equal(t, "s1", got.Subject)
	require.Equal(t, "info@example.com", got.Email)
	require.Equal(t, "Tok", got.FirstName)
	require.Equal(t, "Info", got.LastName)
	require.Equal(t, "2079460958", got.Phone)
	require.Empty(t, got.PhoneCountryCode, "a number and its country come from the same source")
	require.Equal(t, identitycore.Address{Line1: "2 Info Rd", Country: "GB"}, got.Address.Shipping)
	require.Equal(t, []string{"service-portal:customer", "service-portal:service:beta"}, got.Roles)
	require.Equal(t, &identitycore.Org{Name: "InfoCo"}, got.Org)
	require.InDelta(t, 5, got.Flags.RMA.FlatDiscountPercentage, 0)
	require.NotNil(t, merge(identitycore.Profile{}, identitycore.Profile{}).Roles, "roles render as [] not null")
}

func TestDiscountPercent_ReadsNumbersAndNumericStringsWithin0To100(t *testing.T) {
	tests := []struct {
		in   any
		want float64
	}{
		{float64(10), 10}, {json.Number("33.33"), 33.33}, {" 12.5% ", 12.5}, {"10", 10},
		{float64(150), 100}, {float64(-5), 0}, {math.NaN(), 0}, {math.Inf(1), 0},
		{"ten", 0}, {nil, 0}, {true, 0},
	}
	for _, tt := range tests {
		require.Equal(t, tt.want, DiscountPercent(tt.in), "%#v", tt.in)
	}
}
