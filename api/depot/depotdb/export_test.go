package depotdb

import (
	"testing"

	"rugged.example/portal/api/pkg/testkit"
)

// MigrationsMatchRows checks the migrations against the gorm rows, which are unexported.
func MigrationsMatchRows(t *testing.T) {
	testkit.MigrationsMatchRows(t, Schema(), &receiptRow{}, &flagRow{}, &auditRow{}, &repairRow{})
}
