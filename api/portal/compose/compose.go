package compose

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"path/filepath"
	"sync"
	"time"

	"github.com/gin-gonic/gin"
	"gorm.io/gorm"

	"rugged.example/portal/api/geo/geo"
	"rugged.example/portal/api/identity"
	"rugged.example/portal/api/pkg/blob"
	"rugged.example/portal/api/pkg/cache"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/domain"
	"rugged.example/portal/api/pkg/httpx"
	"rugged.example/portal/api/pkg/mail"
	"rugged.example/portal/api/pkg/telemetry"
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
	httpx.HealthOf(engine, cfg.Services.Versions(), httpx.Probe{Name: "database", Check: db.Ping(gdb)}, httpx.Probe{Name: "cache", Check: c.Ping, Optional: true})

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
	if cfg.Services.Has(ServiceDepot) {
		if err := watchTurnaround(tel, caps.Turnarounds()); err != nil {
			return err
		}
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
