package mail

import (
	"context"
	"embed"

	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/db"
)

//go:embed migrations
var migrations embed.FS

// Schema is the versioned schema of the outbox (table mail_outbox), versioned in
// goose_db_version_mail.
func Schema() db.Module { return db.Module{Name: "mail", Migrations: migrations} }

// Migrate applies the outbox's pending migrations, for tests and tools that use it alone; the
// binary migrates all its modules at once (`portal migrate`).
func Migrate(ctx context.Context, gdb *gorm.DB) error {
	_, err := db.Migrate(ctx, gdb, Schema())
	return err
}
