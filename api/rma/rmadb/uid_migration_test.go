package rmadb

import (
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/testkit"
)

// RMAs created before uids existed get unique ones of the same shape and no organization; the
// unique index then holds for every RMA.
func TestIntegrationMigrations_GiveExistingRMAsUniqueUIDs(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		_, err := db.Migrate(t.Context(), gdb, testkit.MigrationsThrough(t, Schema(), 4))
		require.NoError(t, err)
		for i := range 50 {
			row := rmaRow{Number: fmt.Sprintf("RMA-%d", 100501+i), Owner: "usr_casey", Serial: "RT1", CreatedAt: time.Now().UTC()}
			require.NoError(t, gdb.Omit("uid", "org", "opened_by_name", "label_attempts", "label_retry_at", "payment_attempt_at", "promised_ship_date", "promise_paused_at", "batch_id", "batch_box").Create(&row).Error)
		}

		_, err = db.Migrate(t.Context(), gdb, Schema())
		require.NoError(t, err)

		var rows []rmaRow
		require.NoError(t, gdb.Find(&rows).Error)
		require.Len(t, rows, 50)
		seen := map[string]bool{}
		for _, r := range rows {
			require.Regexp(t, `^[0-9a-hjkmnp-tv-z]{26}$`, r.UID)
			require.False(t, seen[r.UID], "duplicate uid %s", r.UID)
			seen[r.UID] = true
			require.Empty(t, r.Org)
		}
		dup := rows[1]
		dup.Number, dup.UID = "RMA-1", rows[0].UID
		require.Error(t, gdb.Create(&dup).Error, "uids are unique")
	})
}
