package compose

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"path/filepath"

	"gorm.io/gorm"

	"rugged.example/portal/api/identity"
	"rugged.example/portal/api/pkg/blob"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/domain"
	"rugged.example/portal/api/pkg/mail"
)

// Modules lists the versioned schema of the mail outbox and of every domain that owns tables,
// in the order of Domains. Each versions itself in goose_db_version_<name>. The embedded
// provider's tables are among them whether or not this deployment runs it, so one schema fits
// every configuration.
func Modules() []db.Module {
	modules := []db.Module{mail.Schema()}
	for _, d := range Domains() {
		if d.Schema != nil {
			modules = append(modules, d.Schema())
		}
	}
	return modules
}

// Migrate applies every module's pending migrations and logs each one: `portal migrate`, the
// Helm chart's pre-install/pre-upgrade Job. On PostgreSQL two at once are safe (see db.Migrate).
func Migrate(ctx context.Context, gdb *gorm.DB, log *slog.Logger) error {
	applied, err := db.Migrate(ctx, gdb, Modules()...)
	for _, a := range applied {
		log.InfoContext(ctx, "migration applied", "module", a.Module, "version", a.Version, "source", a.Source, "duration", a.Duration)
	}
	if err != nil {
		return fmt.Errorf("compose: %w", err)
	}
	if len(applied) == 0 {
		log.InfoContext(ctx, "schema is current")
	}
	return nil
}

// CheckSchema refuses a database that lacks migrations this binary carries, naming each module
// and its missing versions. It only reads.
func CheckSchema(ctx context.Context, gdb *gorm.DB) error {
	err := db.CheckCurrent(ctx, gdb, Modules()...)
	switch {
	case errors.Is(err, db.ErrSchemaBehind):
		return fmt.Errorf("compose: the database schema is behind this binary (%w); run `portal migrate`", err)
	case err != nil:
		return fmt.Errorf("compose: check schema: %w", err)
	}
	return nil
}

// Seed loads the demo data: each domain's own (the units registry's demo units and fleet, the
// repair options and their prices, the info-banner report, the demo organization's branches, the
// driver catalogue and its files, the parts catalogue), and, when the portal runs the embedded
// provider, its demo users and their history across domains. Each part is left alone when it already has rows, so seeding again changes nothing. `portal seed` runs it; so
// does the embedded default at every start.
func Seed(ctx context.Context, cfg Config, gdb *gorm.DB, log *slog.Logger) error {
	if err := seedDomains(ctx, cfg, gdb); err != nil {
		return err
	}
	if cfg.EmbeddedIdentity() {
		if err := identity.SeedDemoUsers(ctx, gdb, cfg.OIDCClientID, log); err != nil {
			return fmt.Errorf("compose: seed demo users: %w", err)
		}
		// The history belongs to the demo users' subjects, so only their provider gets it.
		if err := seedDemoHistory(ctx, cfg, gdb); err != nil {
			return fmt.Errorf("compose: seed demo history: %w", err)
		}
		// The README's units of adam, which the history leaves without RMAs.
		if err := seedDemoHoldings(ctx, gdb); err != nil {
			return fmt.Errorf("compose: seed demo holdings: %w", err)
		}
		// A few parts orders of casey's and FleetCo's, so parts-orders-history is not empty.
		if err := seedDemoPartsOrders(ctx, cfg, gdb); err != nil {
			return fmt.Errorf("compose: seed demo parts orders: %w", err)
		}
	}
	return nil
}

// seedDomains runs every domain's Seed, in the order of Domains. Files (the driver catalogue's)
// go to the blob storage the processes share (BLOB_URL, else the data dir's).
func seedDomains(ctx context.Context, cfg Config, gdb *gorm.DB) error {
	bucket, err := blob.Open(ctx, cfg.BlobURL.Reveal(), filepath.Join(cfg.DataDir, "blobs"))
	if err != nil {
		return err
	}
	defer bucket.Close()
	for _, d := range Domains() {
		if d.Seed == nil {
			continue
		}
		if err := d.Seed(ctx, domain.Seeding{DB: gdb, Blobs: bucket}); err != nil {
			return fmt.Errorf("compose: seed %s: %w", d.Name, err)
		}
	}
	return nil
}

// PrepareDatabase readies the database of a serving process. The embedded default (SQLite, one
// process owns the file) migrates and seeds at start, so `make run` needs nothing else. With
// DATABASE_URL the schema belongs to `portal migrate`, run once per release before the processes
// start, and demo data to `portal seed`: serve only checks, and refuses a schema that is behind
// instead of racing other replicas to change it.
func PrepareDatabase(ctx context.Context, cfg Config, gdb *gorm.DB, log *slog.Logger) error {
	if db.DialectOf(gdb) == db.Postgres {
		return CheckSchema(ctx, gdb)
	}
	if err := Migrate(ctx, gdb, log); err != nil {
		return err
	}
	return Seed(ctx, cfg, gdb, log)
}
