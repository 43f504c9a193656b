package main

import (
	"context"
	"flag"
	"log/slog"
	"os"

	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/logging"
	"rugged.example/portal/api/portal/compose"
)

// migrate applies every module's pending schema migrations, once per release before the
// processes start (the Helm chart's Job, portal-split); two at once on PostgreSQL are safe. With
// --check it changes nothing and fails when the schema is behind.
func migrate(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("migrate", flag.ContinueOnError)
	check := fs.Bool("check", false, "only check: fail, naming the pending versions, when the schema is behind")
	if err := fs.Parse(args); err != nil {
		return err
	}
	return withDatabase(ctx, func(_ compose.Config, gdb *gorm.DB, log *slog.Logger) error {
		if *check {
			if err := compose.CheckSchema(ctx, gdb); err != nil {
				return err
			}
			log.InfoContext(ctx, "schema is current")
			return nil
		}
		return compose.Migrate(ctx, gdb, log)
	})
}

// seed loads the demo data (units, repair options, the info-banner report, the embedded
// provider's demo users) into a migrated database; rows already there are kept.
func seed(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("seed", flag.ContinueOnError)
	if err := fs.Parse(args); err != nil {
		return err
	}
	return withMigratedDatabase(ctx, func(cfg compose.Config, gdb *gorm.DB, log *slog.Logger) error {
		if err := compose.Seed(ctx, cfg, gdb, log); err != nil {
			return err
		}
		log.InfoContext(ctx, "demo data seeded")
		return nil
	})
}

// withMigratedDatabase is withDatabase for a command that changes data: it refuses a schema
// that is behind this binary's, as serve does.
func withMigratedDatabase(ctx context.Context, fn func(compose.Config, *gorm.DB, *slog.Logger) error) error {
	return withDatabase(ctx, func(cfg compose.Config, gdb *gorm.DB, log *slog.Logger) error {
		if err := compose.CheckSchema(ctx, gdb); err != nil {
			return err
		}
		return fn(cfg, gdb, log)
	})
}

// cliActor names whoever runs a staff command in the records it writes: "cli:" and the login.
func cliActor() string {
	by := os.Getenv("USER")
	if by == "" {
		by = "unknown"
	}
	return "cli:" + by
}

// withDatabase opens the configured database for one command and closes it afterwards.
func withDatabase(ctx context.Context, fn func(compose.Config, *gorm.DB, *slog.Logger) error) error {
	cfg, err := compose.LoadConfig()
	if err != nil {
		return err
	}
	log := logging.New(os.Stderr, logging.ParseLevel(cfg.LogLevel))
	gdb, err := compose.OpenDatabase(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer func() {
		if sqlDB, err := gdb.DB(); err == nil {
			_ = sqlDB.Close()
		}
	}()
	return fn(cfg, gdb, log)
}
