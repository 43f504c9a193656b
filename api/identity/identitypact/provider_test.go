//go:build pact

package identitypact

import (
	"context"
	"testing"
	"time"

	"github.com/coreos/go-oidc/v3/oidc"
	"github.com/gin-gonic/gin"
	"github.com/pact-foundation/pact-go/v2/models"
	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/identity"
	"rugged.example/portal/api/identity/identityapi"
	"rugged.example/portal/api/identity/identitydb"
	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/pacttest"
	"rugged.example/portal/api/pkg/testkit"
)

// The provider states of the browser's pact, word for word, and the seeded user each signs in.
var users = map[string]string{
	"casey is signed in, in no organization":                              "casey@example.com",
	"olivia of FleetCo Utilities is signed in, with a 10 % flat discount": "olivia@fleetco.example",
}

const clientID = "service-portal"

func TestProvider_HonoursTheBrowsersPacts(t *testing.T) {
	ctx := t.Context()
	gdb := testkit.SQLite(t)
	// Schema and demo users, as `portal migrate` and `portal seed` provide them.
	require.NoError(t, identitydb.Migrate(ctx, gdb))
	require.NoError(t, identity.SeedDemoUsers(ctx, gdb, clientID, nil))
	idp, err := identity.New(ctx, identity.Config{
		Issuer: "http://127.0.0.1:8080/idp", ClientID: clientID, RedirectOrigins: []string{"http://127.0.0.1:8080"},
		DataDir: t.TempDir(), DB: gdb, Logger: testkit.Quiet(),
	})
	require.NoError(t, err)

	signedIn := ""
	states := models.StateHandlers{}
	for state, email := range users {
		states[state] = func(up bool, _ models.ProviderState) (models.ProviderStateResponse, error) {
			if up {
				signedIn = email
			}
			return nil, nil
		}
	}

	verifier := auth.NewOIDCVerifier(auth.OIDCConfig{Issuer: idp.Issuer(), Audience: clientID, ClientID: clientID, RolesClaim: "roles"},
		&oidc.StaticKeySet{PublicKeys: idp.PublicKeys()})
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	identityapi.Routes(r, auth.NewGuard(verifier, testkit.Quiet()),
		identityapi.WithStored(seededProfiles{idp}, identitydb.NewStore(gdb)), testkit.Quiet())
	pacttest.Verify(t, "portal-identity-api", r, states, func() string {
		token, err := idp.MintAccessToken(ctx, signedIn, time.Hour)
		require.NoError(t, err)
		return token
	})
}

// seededProfiles answers /me from the embedded provider's users, as the identity process does.
type seededProfiles struct{ idp *identity.Provider }

func (s seededProfiles) Profile(ctx context.Context, caller auth.Principal, _ string) (identity.Profile, error) {
	return s.idp.Profile(ctx, caller.Subject)
}
