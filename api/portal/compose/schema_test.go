package compose_test

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/identity/identitydb"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/portal/compose"
	"rugged.example/portal/api/rma/rmadb"
	"rugged.example/portal/api/shipping/shippingdb"
	"rugged.example/portal/api/support/supportdb"
)

// postgresConfig is the production shape on a fresh, empty PostgreSQL database.
func postgresConfig(t *testing.T) compose.Config {
	t.Helper()
	embeddedConfig(t)
	t.Setenv("DATABASE_URL", testkit.PostgresURL(t))
	cfg, err := compose.LoadConfig()
	require.NoError(t, err)
	return cfg
}

func openDatabase(t *testing.T, cfg compose.Config) *gorm.DB {
	t.Helper()
	gdb, err := compose.OpenDatabase(t.Context(), cfg, testkit.Quiet())
	require.NoError(t, err)
	t.Cleanup(func() {
		if sqlDB, err := gdb.DB(); err == nil {
			sqlDB.Close()
		}
	})
	return gdb
}

// migrateAndSeed does what `portal migrate` and `portal seed` do before production processes
// start.
func migrateAndSeed(t *testing.T, cfg compose.Config) {
	t.Helper()
	gdb := openDatabase(t, cfg)
	require.NoError(t, compose.Migrate(t.Context(), gdb, testkit.Quiet()))
	require.NoError(t, compose.Seed(t.Context(), cfg, gdb, testkit.Quiet()))
}

func TestIntegrationBuild_OnPostgreSQLRefusesASchemaThatIsBehind(t *testing.T) {
	cfg := postgresConfig(t)
	_, err := compose.Build(t.Context(), cfg, testkit.Quiet())
	require.ErrorIs(t, err, db.ErrSchemaBehind)
	require.ErrorContains(t, err, "run `portal migrate`")
	for _, m := range compose.Modules() {
		require.ErrorContains(t, err, m.Name+" lacks version 1")
	}
	gdb := openDatabase(t, cfg)
	require.False(t, gdb.Migrator().HasTable("rma_units"), "serve never creates tables on PostgreSQL")

	// A release whose support module carries a version the database lacks.
	require.NoError(t, compose.Migrate(t.Context(), gdb, testkit.Quiet()))
	require.NoError(t, gdb.Exec("DELETE FROM goose_db_version_support WHERE version_id = 1").Error)
	_, err = compose.Build(t.Context(), cfg, testkit.Quiet())
	require.ErrorContains(t, err, "support lacks version 1")
	require.NotContains(t, err.Error(), "rma lacks")

	require.NoError(t, compose.Migrate(t.Context(), gdb, testkit.Quiet()))
	build(t, cfg)
}

func TestIntegrationBuild_OnPostgreSQLNeverSeeds(t *testing.T) {
	cfg := postgresConfig(t)
	gdb := openDatabase(t, cfg)
	require.NoError(t, compose.Migrate(t.Context(), gdb, testkit.Quiet()))
	build(t, cfg)
	n, err := rmadb.NewStore(gdb).CountUnits(t.Context())
	require.NoError(t, err)
	require.Zero(t, n, "demo data is `portal seed`'s, never a production process's")
}

func TestBuild_EmbeddedDefaultMigratesAndSeedsOnEveryStart(t *testing.T) {
	cfg := embeddedConfig(t)
	first, err := compose.Build(t.Context(), cfg, testkit.Quiet())
	require.NoError(t, err)
	require.NoError(t, compose.CheckSchema(t.Context(), first.DB))
	n, err := rmadb.NewStore(first.DB).CountUnits(t.Context())
	require.NoError(t, err)
	require.EqualValues(t, len(rmadb.DemoUnits())+rmadb.FleetSize, n)
	require.NoError(t, first.Close())

	// A restart on the same file finds nothing to migrate and keeps the data.
	again := build(t, cfg)
	n2, err := rmadb.NewStore(again.DB).CountUnits(t.Context())
	require.NoError(t, err)
	require.Equal(t, n, n2)
}

func TestIntegrationSeed_IsIdempotent(t *testing.T) {
	cfg := postgresConfig(t)
	migrateAndSeed(t, cfg)
	gdb := openDatabase(t, cfg)
	counts := func() []int64 {
		var out []int64
		for _, table := range []string{"rma_units", "rma_repair_options", "support_report_rows", "idp_users", "idp_user_roles"} {
			var n int64
			require.NoError(t, gdb.Table(table).Count(&n).Error)
			require.NotZero(t, n, table)
			out = append(out, n)
		}
		return out
	}
	before := counts()
	require.NoError(t, compose.Seed(t.Context(), cfg, gdb, testkit.Quiet()))
	require.Equal(t, before, counts())
}

// The database of the release before versioned migrations (testdata/previous-release, made by
// its generate.sh from that release's AutoMigrate code) upgrades in place: every row stays, the
// counters continue where they were, each module's version table says current, and the schema
// is the one an empty database migrates to.
func TestIntegrationMigrate_UpgradesThePreviousRelease(t *testing.T) {
	for _, tc := range []struct {
		dialect string
		open    func(testing.TB) *gorm.DB
	}{
		{"sqlite", testkit.SQLite},
		{"postgres", testkit.Postgres},
	} {
		t.Run(tc.dialect, func(t *testing.T) {
			dump, err := os.ReadFile(filepath.Join("testdata", "previous-release", tc.dialect+".sql"))
			require.NoError(t, err)
			gdb := tc.open(t)
			require.NoError(t, gdb.Exec(string(dump)).Error)
			rows := rowsPerTable(dump)
			require.NotEmpty(t, rows)

			require.ErrorIs(t, compose.CheckSchema(t.Context(), gdb), db.ErrSchemaBehind, "the previous release had no version tables")
			require.NoError(t, compose.Migrate(t.Context(), gdb, testkit.Quiet()))

			for table, n := range rows {
				var got int64
				require.NoError(t, gdb.Table(table).Count(&got).Error)
				require.EqualValues(t, n, got, table)
			}
			var rma struct{ Owner, Serial, TrackingNumber string }
			require.NoError(t, gdb.Table("rma_rmas").Where("number = ?", "RMA-100501").Take(&rma).Error)
			require.Equal(t, "usr_casey", rma.Owner)
			require.Equal(t, "RF0000000001", rma.TrackingNumber)
			casey, err := identitydb.NewStore(gdb).UserByEmail(t.Context(), "casey@example.com")
			require.NoError(t, err)
			require.NotEmpty(t, casey.PasswordHash)

			// The first migration's counters and sequence did not start over.
			number, err := rmadb.NewStore(gdb).NextRMANumber(t.Context())
			require.NoError(t, err)
			require.Equal(t, "RMA-100502", number)
			ticket, err := supportdb.NewStore(gdb).NextTicketUID(t.Context())
			require.NoError(t, err)
			require.Equal(t, "TCK-100002", ticket)
			tracking, err := shippingdb.NewSequence(gdb).Next(t.Context())
			require.NoError(t, err)
			require.EqualValues(t, 2, tracking)

			// Float prices became cents in US dollars; an accessory line's 0 became no price.
			var option struct {
				PriceCents    int64
				PriceCurrency string
			}
			require.NoError(t, gdb.Table("rma_repair_options").Where("model = ? AND problem = ?", "RL15", "Cracked or broken screen").Take(&option).Error)
			require.Equal(t, int64(28900), option.PriceCents)
			require.Equal(t, "USD", option.PriceCurrency)
			var lines []struct {
				Kind          string
				PriceCents    *int64
				PriceCurrency *string
			}
			require.NoError(t, gdb.Table("rma_lines").Where("rma_number = ?", "RMA-100501").Order("id").Find(&lines).Error)
			require.Len(t, lines, 2)
			require.Equal(t, int64(0), *lines[0].PriceCents, lines[0].Kind)
			require.Nil(t, lines[1].PriceCents, lines[1].Kind)

			require.NoError(t, compose.CheckSchema(t.Context(), gdb))
			fresh := tc.open(t)
			require.NoError(t, compose.Migrate(t.Context(), fresh, testkit.Quiet()))
			for _, m := range compose.Modules() {
				latest := func(gdb *gorm.DB) (v int64) {
					require.NoError(t, gdb.Raw("SELECT max(version_id) FROM "+m.VersionTable()).Scan(&v).Error)
					return v
				}
				require.Equal(t, latest(fresh), latest(gdb), m.VersionTable())
			}
			require.Equal(t, testkit.DescribeSchema(t, fresh), testkit.DescribeSchema(t, gdb))
		})
	}
}

var insertInto = regexp.MustCompile(`(?m)^INSERT INTO (?:public\.)?"?([a-z_]+)"?`)

// rowsPerTable counts the rows a dump inserts into each of the portal's tables.
func rowsPerTable(dump []byte) map[string]int {
	rows := map[string]int{}
	for _, m := range insertInto.FindAllSubmatch(dump, -1) {
		if table := string(m[1]); table != "sqlite_sequence" {
			rows[table]++
		}
	}
	return rows
}
