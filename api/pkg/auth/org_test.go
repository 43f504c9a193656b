package auth_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/auth/authtest"
)

// The embedded provider puts the organization into access tokens as {"org": {"name": …}}: the
// verifier reads it at the default path, and a token without it names no organization.
func TestVerifier_ReadsTheOrganizationAtTheDefaultPath(t *testing.T) {
	s := authtest.NewSigner(t)
	roles := []string{authtest.ClientID + ":customer"}
	cases := map[string]struct {
		extra map[string]any
		want  string
	}{
		"member":          {map[string]any{"org": map[string]any{"name": " FleetCo "}}, "FleetCo"},
		"no organization": {nil, ""},
		"not a string":    {map[string]any{"org": map[string]any{"name": 7}}, ""},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			p, err := s.Verifier().Verify(t.Context(), s.Token(t, authtest.Claims{Subject: "olivia", Roles: roles, Extra: tc.extra}))
			require.NoError(t, err)
			require.Equal(t, tc.want, p.Org)
		})
	}
}

func TestOrgName_FollowsAConfiguredPath(t *testing.T) {
	claims := map[string]any{"https://rugged.example/org": "FleetCo", "org": map[string]any{"name": "Other"}}
	require.Equal(t, "FleetCo", auth.OrgName(claims, "https://rugged.example/org"))
	require.Equal(t, "Other", auth.OrgName(claims, ""))
	require.Empty(t, auth.OrgName(claims, "tenant.name"))
}
