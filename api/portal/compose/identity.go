package compose

import (
	"context"
	"log/slog"
	"time"

	"github.com/coreos/go-oidc/v3/oidc"
	"github.com/gin-gonic/gin"
	"gorm.io/gorm"

	"rugged.example/portal/api/identity"
	"rugged.example/portal/api/identity/identityapi"
	"rugged.example/portal/api/pkg/auth"
)

// identity returns the guard every API uses and the source of /me profiles. The process serving
// the identity domain with the embedded provider runs that provider under /idp and checks tokens
// against its keys in memory; every other process finds the issuer's keys through discovery, as
// it would with an external provider.
func (app *App) identity(ctx context.Context, cfg Config, gdb *gorm.DB, engine *gin.Engine, log *slog.Logger) (*auth.Guard, identityapi.Profiles, error) {
	if !cfg.EmbeddedIdentity() || !cfg.Services.Has(ServiceIdentity) {
		v, err := auth.DiscoverOIDCVerifier(ctx, oidcConfig(cfg))
		if err != nil {
			return nil, nil, err
		}
		return auth.NewGuard(v, log), nil, nil
	}
	idp, err := EmbeddedIdentity(ctx, cfg, gdb, log)
	if err != nil {
		return nil, nil, err
	}
	engine.Any("/idp/*any", gin.WrapH(idp.Handler()))
	v := auth.NewOIDCVerifier(oidcConfig(cfg), &oidc.StaticKeySet{PublicKeys: idp.PublicKeys()})
	return auth.NewGuard(v, log), idp, nil
}

// EmbeddedIdentity starts the development OpenID provider on the portal's database.
func EmbeddedIdentity(ctx context.Context, cfg Config, gdb *gorm.DB, log *slog.Logger) (*identity.Provider, error) {
	return identity.New(ctx, identity.Config{
		Issuer:          cfg.Issuer(),
		ClientID:        cfg.OIDCClientID,
		RedirectOrigins: []string{cfg.PublicURL},
		DataDir:         cfg.DataDir,
		DB:              gdb,
		Logger:          log,
		AccessTokenTTL:  15 * time.Minute,
	})
}

func oidcConfig(cfg Config) auth.OIDCConfig {
	return auth.OIDCConfig{
		Issuer: cfg.Issuer(), Audience: cfg.OIDCAudience, ClientID: cfg.OIDCClientID, RolesClaim: cfg.OIDCRolesClaim,
	}
}
