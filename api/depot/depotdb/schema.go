package depotdb

import (
	"embed"

	"rugged.example/portal/api/pkg/db"
)

//go:embed migrations
var migrations embed.FS

// Schema is the versioned schema of the depot's receipts, flags and audit (tables depot_*), versioned in
// goose_db_version_depot.
func Schema() db.Module { return db.Module{Name: "depot", Migrations: migrations} }
