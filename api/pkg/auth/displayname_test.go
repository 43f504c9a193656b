package auth_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/pkg/auth/authtest"
)

// The caller's display name comes from the verified token: given and family name, else the
// name, else the e-mail.
func TestPrincipalDisplayName_ReadsTheTokensNames(t *testing.T) {
	s := authtest.NewSigner(t)
	roles := []string{authtest.ClientID + ":customer"}
	cases := map[string]struct {
		email string
		extra map[string]any
		want  string
	}{
		"given and family name": {"olivia@fleetco.example", map[string]any{"given_name": " Olivia ", "family_name": "Chen", "name": "O. Chen"}, "Olivia Chen"},
		"given name only":       {"", map[string]any{"given_name": "Olivia"}, "Olivia"},
		"family name only":      {"", map[string]any{"family_name": "Chen"}, "Chen"},
		"name only":             {"olivia@fleetco.example", map[string]any{"name": "Olivia Chen"}, "Olivia Chen"},
		"e-mail only":           {"olivia@fleetco.example", map[string]any{"given_name": 7}, "olivia@fleetco.example"},
		"nothing":               {"", nil, ""},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			p, err := s.Verifier().Verify(t.Context(), s.Token(t, authtest.Claims{Subject: "usr_olivia", Email: tc.email, Roles: roles, Extra: tc.extra}))
			require.NoError(t, err)
			require.Equal(t, tc.want, p.DisplayName())
		})
	}
}
