package compose

import (
	"context"
	"log/slog"
	"time"

	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/cache"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/rma/rmadb"
)

// Lifecycle moves RMAs through their statuses after creation (staff, a paid service quote).
func (c *capabilities) Lifecycle() *rma.Lifecycle {
	return newLifecycle(c.gdb, c.Units(), c.UnitService(), c.log)
}

func newLifecycle(gdb *gorm.DB, store *rmadb.Store, units rma.Unfreezer, log *slog.Logger) *rma.Lifecycle {
	return &rma.Lifecycle{
		Store: store, Tx: db.NewTransactor(gdb), Mail: outboxMailer{gdb}, Units: units, Log: log, Now: time.Now,
	}
}

// LifecycleService is the lifecycle on gdb, for commands (`portal rma advance`) that work
// without a serving process. It opens the configured cache so that a unit whose RMA ends is
// dropped from the cache the serving processes share (Redis); close releases it.
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
	return newLifecycle(gdb, store, rma.NewService(store, c, log, nil), log), close, nil
}
