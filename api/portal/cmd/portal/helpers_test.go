package main

import (
	"testing"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/portal/compose"
)

// migratedDatabase points the commands at a fresh embedded database (PORTAL_DATA_DIR) with the
// current schema, as `portal migrate` leaves it, and opens it for the test to arrange rows.
func migratedDatabase(t *testing.T) *gorm.DB {
	t.Helper()
	t.Setenv("PORTAL_DATA_DIR", t.TempDir())
	t.Setenv("LOG_LEVEL", "error")
	cfg, err := compose.LoadConfig()
	require.NoError(t, err)
	gdb, err := compose.OpenDatabase(t.Context(), cfg, testkit.Quiet())
	require.NoError(t, err)
	require.NoError(t, compose.Migrate(t.Context(), gdb, testkit.Quiet()))
	return gdb
}
