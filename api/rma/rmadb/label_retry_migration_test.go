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

// RMAs that were already waiting for the label the carrier failed to issue become due for a
// retry; the others have none.
func TestIntegrationMigrations_MakeMissingLabelsDueForARetry(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		_, err := db.Migrate(t.Context(), gdb, testkit.MigrationsThrough(t, Schema(), 7))
		require.NoError(t, err)
		now := time.Now().UTC()
		for _, r := range []rmaRow{
			{Number: "RMA-100501", UID: "u1", Status: string(rma.StatusAwaitingUnit), ShippingMethod: string(rma.ShipQR), ShippingError: "The shipping label could not be created."},
			{Number: "RMA-100502", UID: "u2", Status: string(rma.StatusAwaitingUnit), ShippingMethod: string(rma.ShipLabel), LabelID: "label-1"},
			{Number: "RMA-100503", UID: "u3", Status: string(rma.StatusReceived), ShippingMethod: string(rma.ShipLabel), ShippingError: "The shipping label could not be created."},
			{Number: "RMA-100504", UID: "u4", Status: string(rma.StatusAwaitingUnit), ShippingMethod: string(rma.ShipInternational)},
		} {
			r.Owner, r.Serial, r.CreatedAt, r.UpdatedAt = "usr_casey", "RT1", now, now
			require.NoError(t, gdb.Omit("label_attempts", "label_retry_at", "payment_attempt_at", "promised_ship_date", "promise_paused_at", "batch_id", "batch_box").Create(&r).Error)
		}

		_, err = db.Migrate(t.Context(), gdb, Schema())
		require.NoError(t, err)

		var due []string
		require.NoError(t, gdb.Model(&rmaRow{}).Where("label_retry_at IS NOT NULL").Order("number").Pluck("number", &due).Error)
		require.Equal(t, []string{"RMA-100501"}, due)
	})
}
