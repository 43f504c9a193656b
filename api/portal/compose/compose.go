package compose

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/gin-gonic/gin"
	"gorm.io/gorm"

	"rugged.example/portal/api/account/account"
	"rugged.example/portal/api/account/accountapi"
	"rugged.example/portal/api/geo/geo"
	"rugged.example/portal/api/geo/geoapi"
	"rugged.example/portal/api/identity"
	"rugged.example/portal/api/identity/identityapi"
	"rugged.example/portal/api/identity/identitydb"
	"rugged.example/portal/api/parts/partsapi"
	"rugged.example/portal/api/payments/paymentsapi"
	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/blob"
	"rugged.example/portal/api/pkg/cache"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/domain"
	"rugged.example/portal/api/pkg/httpx"
	"rugged.example/portal/api/pkg/mail"
	"rugged.example/portal/api/pkg/telemetry"
	"rugged.example/portal/api/portal/graph"
	"rugged.example/portal/api/portal/webshell"
	"rugged.example/portal/api/recycle/recycleapi"
	"rugged.example/portal/api/repair/repairapi"
	"rugged.example/portal/api/shipping/freightcarrier"
	"rugged.example/portal/api/shipping/shipping"
	"rugged.example/portal/api/shipping/shippingapi"
	"rugged.example/portal/api/shipping/shippingdb"
	"rugged.example/portal/api/support/supportapi"
	"rugged.example/portal/api/uploads/uploadsapi"
)

// App is a built portal, ready to serve.
type App struct {
	Engine *gin.Engine
	// DB is the portal's database handle, for commands and tests that read module tables
	// through the modules' exported functions.
	DB *gorm.DB
	// Admin serves /metrics; the binary listens for it on PORTAL_ADMIN_ADDR, never on the
	// public port.
	Admin      http.Handler
	closers    []func() error
	background []func(context.Context, *slog.Logger)
	// retryDueLabels is the label retrier's RetryDue in a process that creates RMAs
	// (retriesLabels), else nil.
	retryDueLabels func(context.Context) (int, error)
}

// Close releases the database and cache.
func (a *App) Close() error {
	var errs []error
	for _, c := range a.closers {
		errs = append(errs, c())
	}
	return errors.Join(errs...)
}

// Build wires a portal process: the domains cfg.Services lists, on one Gin engine. On SQLite
// (the embedded default) it migrates and seeds first; on PostgreSQL it refuses a schema that
// `portal migrate` has not brought up to date.
func Build(ctx context.Context, cfg Config, log *slog.Logger) (*App, error) {
	app := &App{}
	if err := app.wire(ctx, cfg, log); err != nil {
		_ = app.Close()
		return nil, err
	}
	return app, nil
}

// wire opens the infrastructure, readies the schema (PrepareDatabase) and mounts the listed
// domains. Whatever it opened is released by Close, also on failure.
func (app *App) wire(ctx context.Context, cfg Config, log *slog.Logger) error {
	// Work a start would otherwise wait for begins first and overlaps the database's set-up: a
	// new data directory's signing key, and the geo catalog where a domain of the process reads
	// it (a tenth of a second and 3.5 MB that the other processes of a split never need).
	var signingKey <-chan error
	if cfg.EmbeddedIdentity() && cfg.Services.Has(ServiceIdentity) {
		signingKey = identity.PrepareSigningKey(cfg.DataDir, log)
	}
	loadPlaces := sync.OnceValues(geo.Load)
	if needs(cfg.Services, domain.Places) {
		go func() { _, _ = loadPlaces() }()
	}
	tel, err := telemetry.New(ctx, telemetry.Options{ServiceName: cfg.ServiceName(), Log: log})
	if err != nil {
		return err
	}
	app.closers = append(app.closers, tel.Close)
	app.Admin = tel.AdminHandler()
	gdb, err := OpenDatabase(ctx, cfg, log)
	if err != nil {
		return err
	}
	app.DB = gdb
	app.closers = append(app.closers, func() error {
		sqlDB, err := gdb.DB()
		if err != nil {
			return err
		}
		return sqlDB.Close()
	})
	c, closeCache, err := openCache(ctx, cfg, log)
	if err != nil {
		return err
	}
	app.closers = append(app.closers, closeCache)
	if breaker, ok := c.(*cache.Resilient); ok {
		if err := tel.WatchCacheAvailability(breaker.Available); err != nil {
			return err
		}
	}
	c = tel.CountCache(c)
	bucket, err := blob.Open(ctx, cfg.BlobURL.Reveal(), filepath.Join(cfg.DataDir, "blobs"))
	if err != nil {
		return err
	}
	app.closers = append(app.closers, bucket.Close)
	caps := &capabilities{cfg: cfg, log: log, gdb: gdb, cache: c, bucket: bucket, rmaCounter: tel, refundCounter: tel, loadPlaces: loadPlaces}

	if err := PrepareDatabase(ctx, cfg, gdb, log); err != nil {
		return err
	}
	// Instrumented after schema and demo data, so a start does not emit hundreds of root spans.
	if err := tel.InstrumentDB(gdb); err != nil {
		return err
	}

	gin.SetMode(gin.ReleaseMode)
	engine := gin.New()
	engine.ContextWithFallback = true
	// Client IPs (the contact form's rate limit) come from X-Forwarded-For only when the request
	// came through a configured proxy; by default nobody can choose their own.
	if err := engine.SetTrustedProxies(cfg.TrustedProxies); err != nil {
		return fmt.Errorf("compose: PORTAL_TRUSTED_PROXIES: %w", err)
	}
	// Telemetry comes first: the request's span is in the context of every later log line, and a
	// recovered panic is measured as the 500 it answers.
	headers, err := securityHeaders(cfg.TrustedProxies)
	if err != nil {
		return err
	}
	engine.Use(tel.TraceRequests(), tel.MeasureRequests(), httpx.RequestID(), httpx.Recover(log), httpx.AccessLog(log), headers, guardInput(log))
	httpx.Health(engine, httpx.Probe{Name: "database", Check: db.Ping(gdb)}, httpx.Probe{Name: "cache", Check: c.Ping, Optional: true})

	if signingKey != nil {
		if err := <-signingKey; err != nil {
			return err
		}
	}
	guard, profiles, err := app.identity(ctx, cfg, gdb, c, tel, engine, log)
	if err != nil {
		return err
	}
	mounts := app.mounts(cfg, caps, guard, profiles, engine, log)
	host := domain.Host{Router: engine, Guard: guard, DB: gdb, Log: log, Background: func(job func(context.Context, *slog.Logger)) {
		app.background = append(app.background, job)
	}}
	for _, name := range cfg.Services {
		mount := mounts[name]
		if d, _ := descriptor(name); d.Mount != nil {
			mount = func() error { return d.Mount(ctx, host) }
		}
		if mount == nil {
			return fmt.Errorf("compose: nothing mounts %s: give its descriptor a Mount or wire it in mounts", name)
		}
		if err := mount(); err != nil {
			return fmt.Errorf("compose: mount %s: %w", name, err)
		}
	}
	if needs(cfg.Services, domain.RMAs) {
		if err := app.retryLabels(caps); err != nil {
			return err
		}
	}
	if !cfg.Services.Has(ServiceWeb) {
		// Without the web shell an unknown path is an API 404, in the APIs' error shape.
		engine.NoRoute(func(c *gin.Context) {
			c.JSON(http.StatusNotFound, httpx.ErrorBody{Error: "notFound", Message: "Not found"})
		})
	}
	if needs(cfg.Services, domain.Mail) {
		if err := tel.WatchOutbox(gdb); err != nil {
			return err
		}
		if smtp := cfg.SMTP(); smtp.Enabled() {
			sender, err := mail.NewSMTPSender(smtp)
			if err != nil {
				return err
			}
			// Several processes may deliver: each claims due rows with FOR UPDATE SKIP LOCKED.
			dispatcher := mail.NewDispatcher(gdb, sender, log, mail.DispatcherOptions{})
			app.background = append(app.background, func(ctx context.Context, _ *slog.Logger) { dispatcher.Run(ctx) })
		}
	}
	app.Engine = engine
	return nil
}

// mounts says, per domain the composition root wires (its descriptor has no Mount, because it
// shares capabilities with other domains), what serving it takes: its routes, and the
// background jobs of the data it owns.
func (app *App) mounts(cfg Config, caps *capabilities, guard *auth.Guard, profiles identityapi.Profiles, engine *gin.Engine, log *slog.Logger) map[string]func() error {
	return map[string]func() error{
		ServiceIdentity: func() error {
			// /me answers the stored contact and address in place of the provider's (account settings).
			identityapi.Routes(engine, guard, identityapi.WithStored(profiles, identitydb.NewStore(caps.gdb)), log)
			return nil
		},
		ServiceRepair: func() error {
			creator, err := caps.Creator()
			if err != nil {
				return err
			}
			repairapi.Routes(engine, guard, caps.UnitService(), creator, log)
			oow, err := caps.Repair()
			if err != nil {
				return err
			}
			repairapi.OutOfWarrantyRoutes(engine, guard, oow, newCustomerTerms(cfg, profiles), log)
			repairapi.AdminRoutes(engine, guard, caps.Lifecycle(), log)
			app.sweepUnpaidRMAs(cfg, oow)
			return nil
		},
		ServiceRecycle: func() error {
			creator, err := caps.Creator()
			if err != nil {
				return err
			}
			recycleapi.Routes(engine, guard, creator, log)
			return nil
		},
		ServiceSupport: func() error {
			supportapi.Routes(engine, guard, caps.Support(), log)
			return nil
		},
		ServiceGeo: func() error {
			places, err := caps.Places()
			if err != nil {
				return err
			}
			geoapi.Routes(engine, places, log)
			return nil
		},
		ServiceShipping: func() error {
			shipments, err := caps.Shipments()
			if err != nil {
				return err
			}
			shippingapi.Routes(engine, guard, shipments, log)
			// Labels of a create whose transaction rolled back leave PDFs without rows.
			app.background = append(app.background, every(time.Hour, func(ctx context.Context) error {
				_, err := shipments.SweepOrphans(ctx, cfg.Shipping.OrphanGrace)
				return err
			}))
			return nil
		},
		ServiceUploads: func() error {
			attachments := caps.Attachments()
			uploadsapi.Routes(engine, guard, attachments, log)
			app.background = append(app.background, every(time.Hour, func(ctx context.Context) error {
				_, err := attachments.PurgeUnclaimed(ctx, 24*time.Hour)
				return err
			}))
			return nil
		},
		ServiceGraphQL: func() error {
			// Who: anyone; each field states its own access (the info banner is public, everything
			// about a customer needs a client role) and resolvers check ownership.
			resolver := &graph.Resolver{Units: caps.Units(), Options: caps.Units(), Support: caps.Support(), History: caps.History(), Quotes: caps.Quotes(),
				PartsOrders: caps.PartsOrderHistory(),
			}
			engine.POST("/graphql", graph.NoStore(), guard.MaybeSignedIn(), gin.WrapH(graph.Handler(resolver, log)))
			return nil
		},
		ServicePayments: func() error {
			cards, err := caps.CardProviders()
			if err != nil {
				return err
			}
			checkout, err := caps.Checkout()
			if err != nil {
				return err
			}
			app.retryRefunds(checkout)
			deps := paymentsapi.Deps{Quotes: caps.Quotes(), Checkout: checkout, Webhooks: cards.Webhooks()}
			if cards.PayPalSandbox != nil {
				deps.PayPalSandbox = cards.PayPalSandbox
			}
			if cards.AuthNetSandbox != nil {
				deps.AuthNetSandbox = cards.AuthNetSandbox
				app.closers = append(app.closers, func() error { cards.AuthNetSandbox.Close(); return nil })
			}
			paymentsapi.Routes(engine, guard, deps, log)
			return nil
		},
		ServiceAccount: func() error {
			// A process without the profile source (the embedded provider runs elsewhere) reads
			// the provider's users from the shared database, as the identity process does.
			source := profiles
			if source == nil {
				source = storedUsers{identitydb.NewStore(caps.gdb)}
			}
			svc, err := caps.Account(identityapi.WithStored(source, identitydb.NewStore(caps.gdb)))
			if err != nil {
				return err
			}
			// One poller per process follows the RMA feed for every open dashboard it serves.
			stream := account.NewStream(caps.Feed(), 0, log)
			app.background = append(app.background, func(ctx context.Context, _ *slog.Logger) { stream.Run(ctx) })
			accountapi.Routes(engine, guard, svc, stream, accountapi.Options{}, log)
			return nil
		},
		ServiceParts: func() error {
			partsapi.Routes(engine, caps.Parts(), log)
			orders, err := caps.PartsOrders()
			if err != nil {
				return err
			}
			partsapi.OrderRoutes(engine, guard, orders, log)
			partsapi.UnpaidOrderRoutes(engine, guard, orders, log)
			partsapi.InventoryRoutes(engine, guard, caps.Inventory(), log)
			return app.sweepUnpaidOrders(cfg, caps, orders)
		},
		ServiceWeb: func() error {
			return webshell.Mount(engine, webshell.Options{
				WebDir:      cfg.WebDir,
				RemoteURLs:  cfg.RemoteURLs,
				APIPrefixes: apiPrefixes(),
				FormTargets: []string{authNetFormURL(cfg)},
				Runtime: webshell.RuntimeConfig{
					OIDC: webshell.OIDCClient{Authority: cfg.Issuer(), ClientID: cfg.OIDCClientID, Scope: cfg.OIDCScope},
				},
			})
		},
	}
}

// RunBackground starts the periodic jobs (janitors, the mail dispatcher) until ctx is done.
func (app *App) RunBackground(ctx context.Context, log *slog.Logger) {
	for _, job := range app.background {
		go job(ctx, log)
	}
}

// every runs fn now and then at each interval, logging failures.
func every(interval time.Duration, fn func(context.Context) error) func(context.Context, *slog.Logger) {
	return func(ctx context.Context, log *slog.Logger) {
		t := time.NewTicker(interval)
		defer t.Stop()
		for {
			if err := fn(ctx); err != nil && ctx.Err() == nil {
				log.WarnContext(ctx, "background job failed", "err", err)
			}
			select {
			case <-ctx.Done():
				return
			case <-t.C:
			}
		}
	}
}

// newCarrier builds the carrier SHIPPING_CARRIER names. The built-in Rugged Freight carrier is
// the only one so far; a commercial carrier's client goes here.
func newCarrier(s shipping.Settings, gdb *gorm.DB) (shipping.Carrier, error) {
	switch s.Carrier {
	case "freight":
		return freightcarrier.New(shippingdb.NewSequence(gdb), s.TrackingPrefix), nil
	default:
		return nil, fmt.Errorf("compose: unknown SHIPPING_CARRIER %q (known: freight)", s.Carrier)
	}
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

// openCache is the in-memory cache by default; with REDIS_URL it is Redis behind a circuit
// breaker, so a Redis outage slows and fails nothing, even one at start: the process starts and
// serves without Redis (logged) rather than crash-looping, and picks Redis up when it answers.
func openCache(ctx context.Context, cfg Config, log *slog.Logger) (cache.Cache, func() error, error) {
	if cfg.RedisURL == "" {
		return cache.NewMemory(50_000), func() error { return nil }, nil
	}
	remote, err := cache.NewRedis(cfg.RedisURL.Reveal(), cfg.RedisKeyPrefix)
	if err != nil {
		return nil, nil, err
	}
	breaker := cache.NewResilient(ctx, remote, cache.ResilientOptions{Log: log})
	return breaker, func() error { return errors.Join(breaker.Close(), remote.Close()) }, nil
}

// openCommandCache is the cache of a command that runs once and exits (`portal rma advance`): it
// must reach Redis, because a delete it skipped would leave with the process, with no breaker left
// to replay it.
func openCommandCache(ctx context.Context, cfg Config) (cache.Cache, error) {
	if cfg.RedisURL == "" {
		return cache.NewMemory(50_000), nil
	}
	return cache.OpenRedis(ctx, cfg.RedisURL.Reveal(), cfg.RedisKeyPrefix)
}
