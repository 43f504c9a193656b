package compose

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/coreos/go-oidc/v3/oidc"
	"github.com/gin-gonic/gin"
	"gorm.io/gorm"

	"rugged.example/portal/api/identity"
	"rugged.example/portal/api/identity/identityapi"
	"rugged.example/portal/api/identity/identityoidc"
	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/cache"
	"rugged.example/portal/api/pkg/mail"
	"rugged.example/portal/api/pkg/telemetry"
)

// providerTimeout bounds one call to an OpenID provider (discovery, keys, userinfo).
const providerTimeout = 10 * time.Second

// identity returns the guard every API uses and the source of /me profiles.
//
// The process serving the identity domain with the embedded provider runs that provider under
// /idp, checks tokens against its keys in memory and answers /me from its users. Every other
// process finds the issuer through discovery, as it would an external provider, on first use
// and with retries: a process may start before its provider answers. With an external provider
// /me is built from the token's claims and the provider's userinfo, cached in c.
func (app *App) identity(ctx context.Context, cfg Config, gdb *gorm.DB, c cache.Cache, tel *telemetry.Telemetry, engine *gin.Engine, log *slog.Logger) (*auth.Guard, identityapi.Profiles, error) {
	// Each process remembers the tokens it verified until they expire (auth.CachingVerifier).
	guard := func(v auth.Verifier) *auth.Guard {
		return auth.NewGuard(auth.NewCachingVerifier(v, auth.DefaultTokenCacheSize), log)
	}
	if cfg.EmbeddedIdentity() && cfg.Services.Has(ServiceIdentity) {
		signIns, err := tel.SignIns()
		if err != nil {
			return nil, nil, err
		}
		idp, err := embeddedIdentity(ctx, cfg, gdb, signIns, log)
		if err != nil {
			return nil, nil, err
		}
		engine.Any("/idp/*any", clientAddressToProvider(idp.Handler()))
		v := auth.NewOIDCVerifier(oidcConfig(cfg), &oidc.StaticKeySet{PublicKeys: idp.PublicKeys()})
		return guard(v), embeddedProfiles{idp: idp}, nil
	}
	discovery := auth.NewDiscovery(cfg.Issuer(), &http.Client{Timeout: providerTimeout})
	verifier := auth.NewDiscoveringVerifier(oidcConfig(cfg), discovery)
	if cfg.EmbeddedIdentity() {
		// The embedded provider's tokens carry the roles, and /me is the identity process's.
		return guard(verifier), nil, nil
	}
	profiles := identityoidc.New(identityoidc.Config{
		ClientID: cfg.OIDCClientID,
		Paths:    identityoidc.ClaimPaths{Roles: cfg.OIDCRolesClaim, Org: cfg.OIDCOrgClaim, Discount: cfg.OIDCDiscountClaim},
	}, discovery, c, log)
	return guard(profiles.Verifier(verifier)), profiles, nil
}

// embeddedProfiles answers /me from the embedded provider's users.
type embeddedProfiles struct{ idp *identity.Provider }

func (e embeddedProfiles) Profile(ctx context.Context, caller auth.Principal, _ string) (identity.Profile, error) {
	return e.idp.Profile(ctx, caller.Subject)
}

// clientAddressToProvider serves the provider with the client address the portal believes
// (Gin's ClientIP: X-Forwarded-For only from PORTAL_TRUSTED_PROXIES, as for the contact form's
// rate limit), which its sign-in throttle counts attempts by. Behind the split topology's nginx
// or an ingress the connection's own address is the proxy's, shared by every client.
func clientAddressToProvider(provider http.Handler) gin.HandlerFunc {
	return func(c *gin.Context) {
		provider.ServeHTTP(c.Writer, c.Request.WithContext(identity.WithClientAddress(c.Request.Context(), c.ClientIP())))
	}
}

// EmbeddedIdentity starts the development OpenID provider on the portal's database.
func EmbeddedIdentity(ctx context.Context, cfg Config, gdb *gorm.DB, log *slog.Logger) (*identity.Provider, error) {
	return embeddedIdentity(ctx, cfg, gdb, nil, log)
}

// embeddedIdentity is EmbeddedIdentity with the sign-in metrics of the process (nil: none).
// Lockout notices go to the outbox; whichever process delivers mail sends them.
func embeddedIdentity(ctx context.Context, cfg Config, gdb *gorm.DB, signIns identity.SignInMetrics, log *slog.Logger) (*identity.Provider, error) {
	return identity.New(ctx, identity.Config{
		Issuer:          cfg.Issuer(),
		ClientID:        cfg.OIDCClientID,
		RedirectOrigins: []string{cfg.PublicURL},
		DataDir:         cfg.DataDir,
		DB:              gdb,
		Logger:          log,
		AccessTokenTTL:  15 * time.Minute,
		SignIn:          cfg.SignIn,
		Mail:            mail.NewOutbox(gdb),
		Metrics:         signIns,
	})
}

func oidcConfig(cfg Config) auth.OIDCConfig {
	return auth.OIDCConfig{
		Issuer: cfg.Issuer(), Audience: cfg.OIDCAudience, ClientID: cfg.OIDCClientID, RolesClaim: cfg.OIDCRolesClaim,
		OrgClaim: cfg.OIDCOrgClaim,
	}
}
