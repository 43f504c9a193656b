// Package batchdb keeps the batch service's tables with gorm, on SQLite and PostgreSQL alike:
// the batches (batch_batches) and their rows (batch_rows). Rows never leave this package:
// converters turn them into batch types.
package batchdb

import (
	"context"
	"embed"

	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/db"
)

//go:embed migrations
var migrations embed.FS

// Schema is the versioned schema of the batch tables (batch_*), versioned in
// goose_db_version_batch.
func Schema() db.Module { return db.Module{Name: "batch", Migrations: migrations} }

// Migrate brings gdb's batch tables up to date (tests and tools; the portal migrates every
// module through its descriptor).
func Migrate(ctx context.Context, gdb *gorm.DB) error {
	_, err := db.Migrate(ctx, gdb, Schema())
	return err
}
