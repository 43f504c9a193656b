package rmadb

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/rma/rma"
)

// The RMAs that existed before batches belong to none and sit in no box.
func TestIntegrationMigrations_LeaveExistingRMAsOutOfEveryBatch(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		_, err := db.Migrate(t.Context(), gdb, testkit.MigrationsThrough(t, Schema(), 11))
		require.NoError(t, err)
		now := time.Now().UTC()
		row := rmaRow{Number: "RMA-100501", UID: "u1", Owner: "usr_casey", Serial: "RT1", Status: string(rma.StatusAwaitingUnit),
			ShippingMethod: string(rma.ShipLabel), CreatedAt: now, UpdatedAt: now}
		require.NoError(t, gdb.Omit("batch_id", "batch_box").Create(&row).Error)

		_, err = db.Migrate(t.Context(), gdb, Schema())
		require.NoError(t, err)
		var got rmaRow
		require.NoError(t, gdb.Take(&got, "number = ?", "RMA-100501").Error)
		require.Nil(t, got.BatchID)
		require.Zero(t, got.BatchBox)
	})
}
