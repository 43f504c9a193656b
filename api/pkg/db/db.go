// Package db opens the one gorm handle of a binary: PostgreSQL (pgx) when a URL is configured,
// otherwise an embedded SQLite file, so the same stores run in production and on a laptop.
package db

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/glebarez/sqlite"
	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"
)

// Options selects and tunes the database.
type Options struct {
	// URL is a postgres:// URL; empty selects SQLite at SQLitePath.
	URL        string
	SQLitePath string
	Log        *slog.Logger
}

// Dialect names the database behind a handle, for the few queries that differ.
type Dialect string

const (
	Postgres Dialect = "postgres"
	SQLite   Dialect = "sqlite"
)

// Open connects and checks the connection.
func Open(ctx context.Context, o Options) (*gorm.DB, error) {
	cfg := &gorm.Config{
		Logger: logger.NewSlogLogger(o.Log, logger.Config{
			SlowThreshold: 200 * time.Millisecond, LogLevel: logger.Warn, IgnoreRecordNotFoundError: true,
			// Parameters stay out of logs: they can hold customer data.
			ParameterizedQueries: true,
		}),
		TranslateError: true,
	}
	var dialector gorm.Dialector
	switch {
	case strings.HasPrefix(o.URL, "postgres://"), strings.HasPrefix(o.URL, "postgresql://"):
		dialector = postgres.Open(o.URL)
	case o.URL != "":
		return nil, fmt.Errorf("db: unsupported DATABASE_URL scheme (want postgres://)")
	default:
		// WAL lets readers run beside the one writer; busy_timeout makes writers queue instead of
		// failing with SQLITE_BUSY under concurrent requests.
		dialector = sqlite.Open("file:" + o.SQLitePath + "?_pragma=busy_timeout(5000)&_pragma=journal_mode(WAL)&_pragma=foreign_keys(1)&_pragma=synchronous(NORMAL)")
	}
	gdb, err := gorm.Open(dialector, cfg)
	if err != nil {
		return nil, fmt.Errorf("db: open: %w", err)
	}
	sqlDB, err := gdb.DB()
	if err != nil {
		return nil, fmt.Errorf("db: handle: %w", err)
	}
	if DialectOf(gdb) == Postgres {
		sqlDB.SetMaxOpenConns(20)
		sqlDB.SetMaxIdleConns(20)
		sqlDB.SetConnMaxIdleTime(5 * time.Minute)
	}
	if err := sqlDB.PingContext(ctx); err != nil {
		return nil, fmt.Errorf("db: ping: %w", err)
	}
	return gdb, nil
}

// DialectOf tells which database a handle talks to.
func DialectOf(gdb *gorm.DB) Dialect {
	if gdb.Dialector.Name() == "postgres" {
		return Postgres
	}
	return SQLite
}

// Ping is the readiness probe of the database.
func Ping(gdb *gorm.DB) func(context.Context) error {
	return func(ctx context.Context) error {
		sqlDB, err := gdb.DB()
		if err != nil {
			return err
		}
		return sqlDB.PingContext(ctx)
	}
}
