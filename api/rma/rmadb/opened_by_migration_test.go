package rmadb

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/testkit"
)

// RMAs opened before the opener's name was kept are named by their contact, the best knowledge
// there was, cut to the column's 70 characters; a contact with one name gives that one alone.
func TestIntegrationMigrations_NameExistingRMAsOpenersByTheirContact(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		_, err := db.Migrate(t.Context(), gdb, testkit.MigrationsThrough(t, Schema(), 6))
		require.NoError(t, err)
		long := strings.Repeat("a", 35)
		for i, c := range []struct{ first, last string }{{"Olivia", "Chen"}, {"", "Hill"}, {long, strings.Repeat("b", 35)}} {
			row := rmaRow{Number: "RMA-10050" + string(rune('1'+i)), UID: "uid" + string(rune('1'+i)), Owner: "usr_olivia",
				Serial: "RT1", ContactFirstName: c.first, ContactLastName: c.last, CreatedAt: time.Now().UTC()}
			require.NoError(t, gdb.Omit("opened_by_name", "label_attempts", "label_retry_at", "payment_attempt_at", "promised_ship_date", "promise_paused_at", "batch_id", "batch_box").Create(&row).Error)
		}

		_, err = db.Migrate(t.Context(), gdb, Schema())
		require.NoError(t, err)

		var names []string
		require.NoError(t, gdb.Model(&rmaRow{}).Order("number").Pluck("opened_by_name", &names).Error)
		require.Equal(t, []string{"Olivia Chen", "Hill", long + " " + strings.Repeat("b", 34)}, names)

		row := rmaRow{Number: "RMA-100600", UID: "uid9", Owner: "usr_diego", Serial: "RT2", CreatedAt: time.Now().UTC()}
		require.NoError(t, gdb.Omit("opened_by_name", "label_attempts", "label_retry_at", "payment_attempt_at", "promised_ship_date", "promise_paused_at", "batch_id", "batch_box").Create(&row).Error)
		var fresh rmaRow
		require.NoError(t, gdb.Where("number = ?", "RMA-100600").Take(&fresh).Error)
		require.Empty(t, fresh.OpenedByName, "the column defaults to no name")
	})
}
