package compose

import (
	"context"
	"log/slog"
	"time"

	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/cache"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/rma/promise"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/rma/rmadb"
)

// Lifecycle moves RMAs through their statuses after creation (staff, a paid service quote),
// keeping each one's promised ship-back date in step.
func (c *capabilities) Lifecycle() *rma.Lifecycle {
	return newLifecycle(c.gdb, c.Units(), c.UnitService(), c.Promises(), c.log)
}

// Promises keeps the promised ship-back dates (the depot's receipt and revisions call it; the
// lifecycle's moves do too).
func (c *capabilities) Promises() *rma.Promises {
	return newPromises(c.gdb, c.Units(), policyOf(c.cfg, c.log))
}

// policyOf is the configured promise policy. LoadConfig refused a configuration whose policy
// does not parse, so an error here is a Config built in code: it gets the defaults, loudly.
func policyOf(cfg Config, log *slog.Logger) promise.Policy {
	p, err := cfg.Promise.Policy()
	if err != nil {
		log.Error("promise settings refused, the defaults apply", "err", err)
		p, _ = promise.DefaultSettings().Policy()
	}
	return p
}

func newPromises(gdb *gorm.DB, store *rmadb.Store, policy promise.Policy) *rma.Promises {
	return &rma.Promises{Store: store, Tx: db.NewTransactor(gdb), Mail: outboxMailer{gdb}, Policy: policy, Now: time.Now}
}

func newLifecycle(gdb *gorm.DB, store *rmadb.Store, units rma.Unfreezer, promises *rma.Promises, log *slog.Logger) *rma.Lifecycle {
	return &rma.Lifecycle{
		Store: store, Tx: db.NewTransactor(gdb), Mail: outboxMailer{gdb}, Units: units, Promises: promises, Log: log, Now: time.Now,
	}
}

// LifecycleService is the lifecycle on gdb, for commands (`portal rma advance`) that work
// without a serving process: a move to RECEIVED sets the promised date there too. It opens the
// configured cache so that a unit whose RMA ends is dropped from the cache the serving
// processes share (Redis); close releases it.
func LifecycleService(ctx context.Context, cfg Config, gdb *gorm.DB, log *slog.Logger) (l *rma.Lifecycle, close func() error, err error) {
	c, err := openCommandCache(ctx, cfg)
	if err != nil {
		return nil, nil, err
	}
	close = func() error { return nil }
	if r, ok := c.(*cache.Redis); ok {
		close = r.Close
	}
	store := rmadb.NewStore(gdb)
	return newLifecycle(gdb, store, rma.NewService(store, c, log, nil), newPromises(gdb, store, policyOf(cfg, log)), log), close, nil
}
