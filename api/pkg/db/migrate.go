package db

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"time"

	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/database"
	"gorm.io/gorm"
)

// Module is one module's versioned schema: goose SQL migrations (NNNNN_name.sql, "-- +goose Up")
// under migrations/postgres and migrations/sqlite of Migrations, the same versions in both, since
// the SQL differs between the two. A module embeds its directory (//go:embed migrations) and
// exports it through a function, so the binary lists its modules in one place.
type Module struct {
	// Name is short and stable: it names the module's own version table, so modules are
	// versioned independently of each other.
	Name       string
	Migrations fs.FS
}

// VersionTable is the goose table recording which of the module's versions a database has.
func (m Module) VersionTable() string { return "goose_db_version_" + m.Name }

// Applied is one migration Migrate ran.
type Applied struct {
	Module   string
	Version  int64
	Source   string
	Duration time.Duration
}

// Behind names a module whose database lacks versions the binary carries.
type Behind struct {
	Module   string
	Versions []int64
}

// ErrSchemaBehind is CheckCurrent's answer for a database that needs migrating.
var ErrSchemaBehind = errors.New("db.schemaBehind")

// migrationLockID is the PostgreSQL advisory lock every migrator of the portal takes; any fixed
// number works as long as all of them agree and nothing else in the database uses it.
const migrationLockID int64 = 7_305_990_862_447_232_001

// Migrate applies every module's pending migrations, module by module in the order given, each
// migration in its own transaction, and returns what it ran. On PostgreSQL it holds a
// session-level advisory lock for the whole run: a second migrator waits, then finds nothing
// left to do, so several `migrate` processes (a Job retried, two deploys) are safe. On SQLite one
// process owns the file, so there is nobody to lock out.
func Migrate(ctx context.Context, gdb *gorm.DB, modules ...Module) ([]Applied, error) {
	sqlDB, err := gdb.DB()
	if err != nil {
		return nil, fmt.Errorf("db: migrate: %w", err)
	}
	dialect := DialectOf(gdb)
	if dialect == Postgres {
		unlock, err := lockMigrations(ctx, sqlDB)
		if err != nil {
			return nil, err
		}
		defer unlock()
	}
	var applied []Applied
	for _, m := range modules {
		p, err := m.provider(sqlDB, dialect)
		if err != nil {
			return applied, err
		}
		results, err := p.Up(ctx)
		for _, r := range results {
			applied = append(applied, Applied{Module: m.Name, Version: r.Source.Version, Source: r.Source.Path, Duration: r.Duration})
		}
		var partial *goose.PartialError
		if errors.As(err, &partial) {
			for _, r := range partial.Applied {
				applied = append(applied, Applied{Module: m.Name, Version: r.Source.Version, Source: r.Source.Path, Duration: r.Duration})
			}
			return applied, fmt.Errorf("db: migrate %s: version %d: %w", m.Name, partial.Failed.Source.Version, partial.Err)
		}
		if err != nil {
			return applied, fmt.Errorf("db: migrate %s: %w", m.Name, err)
		}
	}
	return applied, nil
}

// Pending lists, per module, the versions the binary carries and the database lacks. It only
// reads: a database never migrated has every version pending, and no version table is created.
func Pending(ctx context.Context, gdb *gorm.DB, modules ...Module) ([]Behind, error) {
	sqlDB, err := gdb.DB()
	if err != nil {
		return nil, fmt.Errorf("db: pending: %w", err)
	}
	dialect := DialectOf(gdb)
	var behind []Behind
	for _, m := range modules {
		p, err := m.provider(sqlDB, dialect)
		if err != nil {
			return nil, err
		}
		have, err := appliedVersions(ctx, gdb.WithContext(ctx), sqlDB, m.VersionTable(), dialect)
		if err != nil {
			return nil, fmt.Errorf("db: pending %s: %w", m.Name, err)
		}
		var missing []int64
		for _, s := range p.ListSources() {
			if !slices.Contains(have, s.Version) {
				missing = append(missing, s.Version)
			}
		}
		if len(missing) > 0 {
			behind = append(behind, Behind{Module: m.Name, Versions: missing})
		}
	}
	return behind, nil
}

// CheckCurrent returns ErrSchemaBehind, naming each module and its pending versions, unless the
// database has every version of every module. Versions the database has and the binary does not
// (a newer release migrated it) are no reason to refuse: migrations add before they take away.
func CheckCurrent(ctx context.Context, gdb *gorm.DB, modules ...Module) error {
	behind, err := Pending(ctx, gdb, modules...)
	if err != nil {
		return err
	}
	if len(behind) == 0 {
		return nil
	}
	parts := make([]string, len(behind))
	for i, b := range behind {
		versions := make([]string, len(b.Versions))
		for j, v := range b.Versions {
			versions[j] = fmt.Sprint(v)
		}
		parts[i] = fmt.Sprintf("%s lacks version %s", b.Module, strings.Join(versions, ", "))
	}
	return fmt.Errorf("%w: %s", ErrSchemaBehind, strings.Join(parts, "; "))
}

func (m Module) provider(sqlDB *sql.DB, dialect Dialect) (*goose.Provider, error) {
	if m.Name == "" || m.Migrations == nil {
		return nil, errors.New("db: a module needs a name and its migrations")
	}
	dir, err := fs.Sub(m.Migrations, "migrations/"+string(dialect))
	if err != nil {
		return nil, fmt.Errorf("db: migrations of %s: %w", m.Name, err)
	}
	p, err := goose.NewProvider(gooseDialect(dialect), sqlDB, dir,
		goose.WithTableName(m.VersionTable()),
		// Only this module's SQL files: Go migrations registered elsewhere in the binary are not
		// this module's.
		goose.WithDisableGlobalRegistry(true),
	)
	if err != nil {
		return nil, fmt.Errorf("db: migrations of %s (%s): %w", m.Name, dialect, err)
	}
	return p, nil
}

func gooseDialect(d Dialect) goose.Dialect {
	if d == Postgres {
		return goose.DialectPostgres
	}
	return goose.DialectSQLite3
}

// appliedVersions reads a version table, or answers none when the table does not exist.
func appliedVersions(ctx context.Context, gdb *gorm.DB, sqlDB *sql.DB, table string, dialect Dialect) ([]int64, error) {
	if !gdb.Migrator().HasTable(table) {
		return nil, nil
	}
	store, err := database.NewStore(gooseDialect(dialect), table)
	if err != nil {
		return nil, err
	}
	rows, err := store.ListMigrations(ctx, sqlDB)
	if err != nil {
		return nil, err
	}
	versions := make([]int64, 0, len(rows))
	for _, r := range rows {
		if r.IsApplied {
			versions = append(versions, r.Version)
		}
	}
	return versions, nil
}

// lockMigrations takes the migration lock on a connection of its own and returns its release.
// The lock belongs to that session: if the process dies, PostgreSQL drops it with the
// connection, so a crashed migrator never blocks the next one.
func lockMigrations(ctx context.Context, sqlDB *sql.DB) (func(), error) {
	conn, err := sqlDB.Conn(ctx)
	if err != nil {
		return nil, fmt.Errorf("db: migration lock: %w", err)
	}
	if _, err := conn.ExecContext(ctx, "SELECT pg_advisory_lock($1)", migrationLockID); err != nil {
		_ = conn.Close()
		return nil, fmt.Errorf("db: migration lock: %w", err)
	}
	return func() {
		// Unlock even when ctx is done. Close hands the connection back to the pool, so one that
		// may still hold the lock is discarded instead.
		if _, err := conn.ExecContext(context.WithoutCancel(ctx), "SELECT pg_advisory_unlock($1)", migrationLockID); err != nil {
			_ = conn.Raw(func(any) error { return driver.ErrBadConn })
		}
		_ = conn.Close()
	}, nil
}
