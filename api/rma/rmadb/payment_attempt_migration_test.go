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

// RMAs that already waited for their payment start their abandon clock at their last change;
// the others have none.
func TestIntegrationMigrations_StartTheAbandonClockOfRMAsAwaitingPayment(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		_, err := db.Migrate(t.Context(), gdb, testkit.MigrationsThrough(t, Schema(), 8))
		require.NoError(t, err)
		changed := time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)
		for _, r := range []rmaRow{
			{Number: "RMA-100501", UID: "u1", Status: string(rma.StatusAwaitingPayment)},
			{Number: "RMA-100502", UID: "u2", Status: string(rma.StatusAwaitingUnit)},
		} {
			r.Owner, r.Serial, r.CreatedAt, r.UpdatedAt = "usr_casey", "RT1", changed.Add(-time.Hour), changed
			require.NoError(t, gdb.Omit("payment_attempt_at", "promised_ship_date", "promise_paused_at", "batch_id", "batch_box").Create(&r).Error)
		}

		_, err = db.Migrate(t.Context(), gdb, Schema())
		require.NoError(t, err)

		var rows []rmaRow
		require.NoError(t, gdb.Order("number").Find(&rows).Error)
		require.NotNil(t, rows[0].PaymentAttemptAt)
		require.True(t, changed.Equal(*rows[0].PaymentAttemptAt), "got %v", rows[0].PaymentAttemptAt)
		require.Nil(t, rows[1].PaymentAttemptAt)
	})
}
