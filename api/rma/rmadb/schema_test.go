package rmadb

import (
	"io/fs"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/testkit"
)

func TestIntegrationMigrations_GiveTheSchemaOfTheRows(t *testing.T) {
	testkit.MigrationsMatchRows(t, Schema(), &unitRow{}, &rmaRow{}, &lineRow{}, &eventRow{}, &repairWorkRow{}, &idempotencyRow{}, &savedQuoteKeyRow{}, &counterRow{}, &optionRow{}, &registrationRow{}, &promiseChangeRow{}, &diagnosisRow{})
}

// Prices the float release wrote become cents, round(price × 100), in US dollars; an accessory
// line's 0 was never a price and becomes none.
func TestIntegrationMigrations_TurnFloatPricesIntoCents(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		_, err := db.Migrate(t.Context(), gdb, firstMigrationOnly(t))
		require.NoError(t, err)
		require.NoError(t, gdb.Exec(`INSERT INTO rma_repair_options (model, rma_type, fault, problem, price, tip, sort_order) VALUES
			('RL14', 'REPAIR', 'Display', 'Cracked', 289, '', 0),
			('RL14', 'REPAIR', 'Display', 'Pixels', 19.99, '', 1),
			('RL14', 'REPAIR', 'Display', 'Touch', 0.29, '', 2),
			('RL14', 'REPAIR', 'Power', 'Battery', 1234567.89, '', 3)`).Error)
		require.NoError(t, gdb.Exec(`INSERT INTO rma_lines (rma_number, kind, description, serial, part_number, price) VALUES
			('RMA-1', 'unit', 'Display: Pixels', 'RT1', 'RL14-G2-16', 19.99),
			('RMA-1', 'accessory', 'AC Adapter', '', '', 0)`).Error)
		require.NoError(t, gdb.Exec(`DELETE FROM rma_repair_options WHERE problem = 'Battery'`).Error)

		_, err = db.Migrate(t.Context(), gdb, Schema())
		require.NoError(t, err)

		var options []optionRow
		require.NoError(t, gdb.Order("id").Find(&options).Error)
		var prices []string
		for _, o := range options {
			prices = append(prices, o.Problem+" "+o.PriceCurrency)
			require.Equal(t, map[string]int64{"Cracked": 28900, "Pixels": 1999, "Touch": 29}[o.Problem], o.PriceCents, o.Problem)
		}
		require.Equal(t, []string{"Cracked USD", "Pixels USD", "Touch USD"}, prices)

		require.NoError(t, gdb.Create(&optionRow{Model: "RL14", RMAType: "REPAIR", Fault: "Power", Problem: "New", PriceCents: 100, PriceCurrency: "USD"}).Error)
		var newest optionRow
		require.NoError(t, gdb.Where("problem = ?", "New").Take(&newest).Error)
		require.EqualValues(t, 5, newest.ID, "a deleted option's id is not handed out again")

		var lines []lineRow
		require.NoError(t, gdb.Order("id").Find(&lines).Error)
		require.Len(t, lines, 2)
		require.Equal(t, int64(1999), *lines[0].PriceCents)
		require.Equal(t, "USD", *lines[0].PriceCurrency)
		require.Nil(t, lines[1].PriceCents, "accessories have no price")
		require.Nil(t, lines[1].PriceCurrency)
	})
}

// firstMigrationOnly is the module as the release before prices were cents shipped it.
func firstMigrationOnly(t *testing.T) db.Module {
	t.Helper()
	first := fstest.MapFS{}
	for _, dialect := range []string{"postgres", "sqlite"} {
		name := "migrations/" + dialect + "/00001_previous_release_schema.sql"
		sql, err := fs.ReadFile(migrations, name)
		require.NoError(t, err)
		first[name] = &fstest.MapFile{Data: sql}
	}
	return db.Module{Name: Schema().Name, Migrations: first}
}
