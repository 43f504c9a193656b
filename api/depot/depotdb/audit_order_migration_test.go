package depotdb

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/testkit"
)

// Audit rows of parts orders shipped before the order had its column named the order in
// rma_number: the migration moves it, and an RMA's row keeps its number.
func TestIntegrationMigrations_MoveAPartsOrdersNumberOutOfTheRMAColumn(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		_, err := db.Migrate(t.Context(), gdb, testkit.MigrationsThrough(t, Schema(), 2))
		require.NoError(t, err)
		now := time.Now().UTC()
		for _, r := range []auditRow{
			{At: now, Actor: "usr_tariq", ActorEmail: "tariq@rugged.example", Action: "partsOrder.ship", RMANumber: "PB-000101", FromStatus: "PLACED", ToStatus: "SHIPPED"},
			{At: now, Actor: "usr_tariq", ActorEmail: "tariq@rugged.example", Action: "receive", RMANumber: "RMA-100501", FromStatus: "AWAITING_UNIT", ToStatus: "RECEIVED"},
		} {
			require.NoError(t, gdb.Omit("order_number").Create(&r).Error)
		}

		_, err = db.Migrate(t.Context(), gdb, Schema())
		require.NoError(t, err)
		var rows []auditRow
		require.NoError(t, gdb.Order("id").Find(&rows).Error)
		require.Equal(t, [][2]string{{"", "PB-000101"}, {"RMA-100501", ""}},
			[][2]string{{rows[0].RMANumber, rows[0].OrderNumber}, {rows[1].RMANumber, rows[1].OrderNumber}})
	})
}
