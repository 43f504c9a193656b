package compose

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// A process that verifies the embedded provider's tokens through discovery reads the organization
// where OIDC_ORG_CLAIM says, as the external provider's profile wrapper does.
func TestOIDCConfig_ReadsTheOrganizationAtTheConfiguredClaim(t *testing.T) {
	cfg := Config{OIDCOrgClaim: "https://rugged.example/org"}
	require.Equal(t, "https://rugged.example/org", oidcConfig(cfg).OrgClaim)
}
