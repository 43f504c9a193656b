package partsdb

import (
	"embed"

	"rugged.example/portal/api/pkg/db"
)

//go:embed migrations
var migrations embed.FS

// Schema is the versioned schema of the parts tables (parts_*), versioned in
// goose_db_version_parts.
func Schema() db.Module { return db.Module{Name: "parts", Migrations: migrations} }
