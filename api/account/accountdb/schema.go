package accountdb

import (
	"embed"

	"rugged.example/portal/api/pkg/db"
)

//go:embed migrations
var migrations embed.FS

// Schema is the versioned schema of the account tables (account_*), versioned in
// goose_db_version_account.
func Schema() db.Module { return db.Module{Name: "account", Migrations: migrations} }
