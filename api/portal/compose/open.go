package compose

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"

	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/cache"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/shipping/freightcarrier"
	"rugged.example/portal/api/shipping/shipping"
	"rugged.example/portal/api/shipping/shippingdb"
)

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
