package db_test

import (
	"context"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/testkit"
)

// module builds a test module whose versions are the given Up statements, the same SQL for both
// dialects.
func module(name string, ups ...string) db.Module {
	fsys := fstest.MapFS{}
	for i, up := range ups {
		for _, dialect := range []string{"postgres", "sqlite"} {
			path := "migrations/" + dialect + "/" + string(rune('1'+i)) + "_step.sql"
			fsys[path] = &fstest.MapFile{Data: []byte("-- +goose Up\n" + up + "\n")}
		}
	}
	return db.Module{Name: name, Migrations: fsys}
}

func count(t *testing.T, gdb *gorm.DB, query string) int64 {
	t.Helper()
	var n int64
	require.NoError(t, gdb.Raw(query).Scan(&n).Error)
	return n
}

func TestIntegrationMigrate_AppliesPendingVersionsOnce(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		notes := module("notes", "CREATE TABLE notes (id integer PRIMARY KEY, text varchar(20) NOT NULL);")
		applied, err := db.Migrate(t.Context(), gdb, notes)
		require.NoError(t, err)
		require.Len(t, applied, 1)
		require.Equal(t, "notes", applied[0].Module)
		require.EqualValues(t, 1, applied[0].Version)

		again, err := db.Migrate(t.Context(), gdb, notes)
		require.NoError(t, err)
		require.Empty(t, again, "a current schema is left alone")

		// A release adds version 2: only that one runs.
		notes = module("notes", "CREATE TABLE notes (id integer PRIMARY KEY, text varchar(20) NOT NULL);",
			"ALTER TABLE notes ADD COLUMN author varchar(20) NOT NULL DEFAULT '';")
		applied, err = db.Migrate(t.Context(), gdb, notes)
		require.NoError(t, err)
		require.Len(t, applied, 1)
		require.EqualValues(t, 2, applied[0].Version)
		require.NoError(t, gdb.Exec("INSERT INTO notes (id, text, author) VALUES (1, 'x', 'y')").Error)
	})
}

func TestIntegrationMigrate_EachModuleVersionsInItsOwnTable(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		a := module("alpha", "CREATE TABLE alpha_things (id integer PRIMARY KEY);")
		b := module("beta", "CREATE TABLE beta_things (id integer PRIMARY KEY);",
			"CREATE INDEX beta_things_id ON beta_things (id);")
		applied, err := db.Migrate(t.Context(), gdb, a, b)
		require.NoError(t, err)
		require.Len(t, applied, 3)

		require.Equal(t, "goose_db_version_alpha", a.VersionTable())
		require.True(t, gdb.Migrator().HasTable("goose_db_version_alpha"))
		require.True(t, gdb.Migrator().HasTable("goose_db_version_beta"))
		require.EqualValues(t, 1, count(t, gdb, "SELECT max(version_id) FROM goose_db_version_alpha"))
		require.EqualValues(t, 2, count(t, gdb, "SELECT max(version_id) FROM goose_db_version_beta"))
	})
}

func TestIntegrationPending_NamesMissingVersionsWithoutWriting(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		v1 := module("notes", "CREATE TABLE notes (id integer PRIMARY KEY);")
		v3 := module("notes", "CREATE TABLE notes (id integer PRIMARY KEY);",
			"ALTER TABLE notes ADD COLUMN a integer;", "ALTER TABLE notes ADD COLUMN b integer;")

		behind, err := db.Pending(t.Context(), gdb, v3)
		require.NoError(t, err)
		require.Equal(t, []db.Behind{{Module: "notes", Versions: []int64{1, 2, 3}}}, behind)
		require.False(t, gdb.Migrator().HasTable(v3.VersionTable()), "checking creates nothing")

		_, err = db.Migrate(t.Context(), gdb, v1)
		require.NoError(t, err)
		err = db.CheckCurrent(t.Context(), gdb, v3)
		require.ErrorIs(t, err, db.ErrSchemaBehind)
		require.ErrorContains(t, err, "notes lacks version 2, 3")
		require.NoError(t, db.CheckCurrent(t.Context(), gdb, v1))

		_, err = db.Migrate(t.Context(), gdb, v3)
		require.NoError(t, err)
		require.NoError(t, db.CheckCurrent(t.Context(), gdb, v3))
		// A database a newer release migrated is current for this one.
		require.NoError(t, db.CheckCurrent(t.Context(), gdb, v1))
	})
}

func TestIntegrationMigrate_StopsAtAFailedVersionAndKeepsTheOnesBefore(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		broken := module("notes", "CREATE TABLE notes (id integer PRIMARY KEY);",
			"CREATE TABLE more_notes (id integer PRIMARY KEY); INSERT INTO no_such_table VALUES (1);")
		applied, err := db.Migrate(t.Context(), gdb, broken)
		require.ErrorContains(t, err, "migrate notes: version 2")
		require.Len(t, applied, 1)
		require.True(t, gdb.Migrator().HasTable("notes"))
		require.False(t, gdb.Migrator().HasTable("more_notes"), "a failed version rolls back as a whole")

		behind, err := db.Pending(t.Context(), gdb, broken)
		require.NoError(t, err)
		require.Equal(t, []db.Behind{{Module: "notes", Versions: []int64{2}}}, behind)
	})
}

// Two `portal migrate` processes started together: each has its own connection pool, both
// succeed, and every migration ran once. Without the lock both would create the version table
// and the second CREATE TABLE would fail.
func TestIntegrationMigrate_ConcurrentMigratorsOnPostgreSQLRunEachVersionOnce(t *testing.T) {
	url := testkit.PostgresURL(t)
	slow := module("notes",
		"CREATE TABLE notes (id integer PRIMARY KEY); SELECT pg_sleep(0.3);",
		"CREATE TABLE runs (n integer NOT NULL); INSERT INTO runs VALUES (1);")

	const migrators = 3
	results := make([][]db.Applied, migrators)
	errs := make([]error, migrators)
	var wg sync.WaitGroup
	for i := range migrators {
		gdb, err := db.Open(context.Background(), db.Options{URL: url, Log: testkit.Quiet()})
		require.NoError(t, err)
		t.Cleanup(func() {
			sqlDB, _ := gdb.DB()
			_ = sqlDB.Close()
		})
		wg.Go(func() { results[i], errs[i] = db.Migrate(t.Context(), gdb, slow) })
	}
	wg.Wait()

	total := 0
	for i := range migrators {
		require.NoError(t, errs[i], "migrator %d", i)
		total += len(results[i])
	}
	require.Equal(t, 2, total, "each version ran in exactly one migrator")

	gdb, err := db.Open(t.Context(), db.Options{URL: url, Log: testkit.Quiet()})
	require.NoError(t, err)
	t.Cleanup(func() {
		sqlDB, _ := gdb.DB()
		_ = sqlDB.Close()
	})
	require.EqualValues(t, 1, count(t, gdb, "SELECT count(*) FROM runs"))
	require.EqualValues(t, 2, count(t, gdb, "SELECT count(*) FROM goose_db_version_notes WHERE version_id > 0"))
	require.EqualValues(t, 0, count(t, gdb, "SELECT count(*) FROM pg_locks l JOIN pg_database d ON d.oid = l.database WHERE l.locktype = 'advisory' AND d.datname = current_database()"), "the lock is released")
}
