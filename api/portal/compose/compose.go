package compose

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"time"

	"github.com/coreos/go-oidc/v3/oidc"
	"github.com/gin-gonic/gin"
	"gorm.io/gorm"

	"rugged.example/portal/api/geo/geo"
	"rugged.example/portal/api/geo/geoapi"
	"rugged.example/portal/api/identity"
	"rugged.example/portal/api/identity/identityapi"
	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/cache"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/httpx"
	"rugged.example/portal/api/portal/graph"
	"rugged.example/portal/api/portal/webshell"
	"rugged.example/portal/api/repair/repairapi"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/rma/rmadb"
)

// apiPrefixes are the paths of spec §7 and the portal's own; they never fall back to the host
// page.
var apiPrefixes = []string{
	"/rma-manager/", "/bucket-uploader/", "/contact-form", "/shipping/", "/fn/", "/account-mgr/",
	"/payments/", "/gss-dashboard/", "/graphql", "/me", "/idp/", "/healthz", "/readyz",
}

// App is a built portal, ready to serve.
type App struct {
	Engine  *gin.Engine
	closers []func() error
}

// Close releases the database and cache.
func (a *App) Close() error {
	var errs []error
	for _, c := range a.closers {
		errs = append(errs, c())
	}
	return errors.Join(errs...)
}

// Build wires the whole portal. Schema and demo data are created on first start.
func Build(ctx context.Context, cfg Config, log *slog.Logger) (*App, error) {
	app := &App{}
	gdb, err := OpenDatabase(ctx, cfg, log)
	if err != nil {
		return nil, err
	}
	app.closers = append(app.closers, func() error {
		sqlDB, err := gdb.DB()
		if err != nil {
			return err
		}
		return sqlDB.Close()
	})

	c, err := openCache(ctx, cfg)
	if err != nil {
		_ = app.Close()
		return nil, err
	}
	if r, ok := c.(*cache.Redis); ok {
		app.closers = append(app.closers, r.Close)
	}

	units := rmadb.NewStore(gdb)
	if err := rmadb.Migrate(ctx, gdb); err != nil {
		_ = app.Close()
		return nil, err
	}
	if err := rmadb.SeedDemo(ctx, units); err != nil {
		_ = app.Close()
		return nil, fmt.Errorf("compose: seed units: %w", err)
	}
	if err := rmadb.SeedRepairOptions(ctx, units); err != nil {
		_ = app.Close()
		return nil, fmt.Errorf("compose: seed repair options: %w", err)
	}

	gin.SetMode(gin.ReleaseMode)
	engine := gin.New()
	engine.ContextWithFallback = true
	engine.Use(httpx.RequestID(), httpx.Recover(log), httpx.AccessLog(log), securityHeaders)
	httpx.Health(engine, httpx.Probe{Name: "database", Check: db.Ping(gdb)}, httpx.Probe{Name: "cache", Check: c.Ping})

	var verifier auth.Verifier
	var profiles identityapi.Profiles
	if cfg.EmbeddedIdentity() {
		idp, err := EmbeddedIdentity(ctx, cfg, gdb, log)
		if err != nil {
			_ = app.Close()
			return nil, err
		}
		engine.Any("/idp/*any", gin.WrapH(idp.Handler()))
		verifier = auth.NewOIDCVerifier(oidcConfig(cfg), &oidc.StaticKeySet{PublicKeys: idp.PublicKeys()})
		profiles = idp
	} else {
		v, err := auth.DiscoverOIDCVerifier(ctx, oidcConfig(cfg))
		if err != nil {
			_ = app.Close()
			return nil, err
		}
		verifier = v
	}
	guard := auth.NewGuard(verifier, log)

	places, err := geo.Load()
	if err != nil {
		_ = app.Close()
		return nil, err
	}
	geoapi.Routes(engine, places, log)

	repairapi.Routes(engine, guard, rma.NewService(units, c, log, nil), nil, log)
	identityapi.Routes(engine, guard, profiles, log)
	// Who: any signed-in user holding a role of this client; resolvers check ownership.
	engine.POST("/graphql", guard.SignedIn(), guard.Customer(),
		gin.WrapH(graph.Handler(&graph.Resolver{Units: units, Options: units}, log)))

	if err := webshell.Mount(engine, webshell.Options{
		WebDir:      cfg.WebDir,
		RemoteURLs:  cfg.RemoteURLs,
		APIPrefixes: apiPrefixes,
		Runtime: webshell.RuntimeConfig{
			OIDC: webshell.OIDCClient{Authority: cfg.Issuer(), ClientID: cfg.OIDCClientID, Scope: cfg.OIDCScope},
		},
	}); err != nil {
		_ = app.Close()
		return nil, err
	}
	app.Engine = engine
	return app, nil
}

// OpenDatabase opens PostgreSQL when DATABASE_URL is set, else SQLite in the data dir.
func OpenDatabase(ctx context.Context, cfg Config, log *slog.Logger) (*gorm.DB, error) {
	if err := os.MkdirAll(cfg.DataDir, 0o700); err != nil {
		return nil, fmt.Errorf("compose: data dir: %w", err)
	}
	return db.Open(ctx, db.Options{
		URL: cfg.DatabaseURL.Reveal(), SQLitePath: filepath.Join(cfg.DataDir, "portal.db"), Log: log,
	})
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

func openCache(ctx context.Context, cfg Config) (cache.Cache, error) {
	if cfg.RedisURL == "" {
		return cache.NewMemory(50_000), nil
	}
	return cache.OpenRedis(ctx, cfg.RedisURL.Reveal(), cfg.RedisKeyPrefix)
}

func oidcConfig(cfg Config) auth.OIDCConfig {
	return auth.OIDCConfig{
		Issuer: cfg.Issuer(), Audience: cfg.OIDCAudience, ClientID: cfg.OIDCClientID, RolesClaim: cfg.OIDCRolesClaim,
	}
}

// securityHeaders are sent on every response; the portal is never framed by other sites (same-origin frames stay allowed for the sign-in library's silent renew).
func securityHeaders(c *gin.Context) {
	h := c.Writer.Header()
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
	h.Set("X-Frame-Options", "SAMEORIGIN")
	c.Next()
}
