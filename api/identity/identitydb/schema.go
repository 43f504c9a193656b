package identitydb

import (
	"context"
	"embed"

	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/db"
)

//go:embed migrations
var migrations embed.FS

// Schema is the versioned schema of the embedded provider's users, roles, authorization
// requests, tokens, sessions and sign-in throttle (tables idp_*), versioned in goose_db_version_identity.
func Schema() db.Module { return db.Module{Name: "identity", Migrations: migrations} }

// Migrate applies the module's pending migrations, for tests and tools that use this module
// alone; the binary migrates all its modules at once (`portal migrate`).
func Migrate(ctx context.Context, gdb *gorm.DB) error {
	_, err := db.Migrate(ctx, gdb, Schema())
	return err
}
