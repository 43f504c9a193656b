package testkit

import (
	"context"
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/db"
)

// MigrationsMatchRows checks, on SQLite and on PostgreSQL, that a module's migrations give the
// schema its gorm rows describe: an empty database migrated with module and another made by gorm's
// AutoMigrate of rows have the same tables, columns (type, NOT NULL, default), primary keys and
// indexes (name, uniqueness, columns). AutoMigrate runs here only, as the reference; the portal
// never creates tables with it.
func MigrationsMatchRows(t *testing.T, module db.Module, rows ...any) {
	t.Helper()
	compare := func(t *testing.T, migrated, reference *gorm.DB) {
		t.Helper()
		_, err := db.Migrate(t.Context(), migrated, module)
		if err != nil {
			t.Fatalf("testkit: migrate %s: %v", module.Name, err)
		}
		if err := reference.AutoMigrate(rows...); err != nil {
			t.Fatalf("testkit: automigrate rows of %s: %v", module.Name, err)
		}
		want, got := DescribeSchema(t, reference), DescribeSchema(t, migrated)
		if !slices.Equal(want, got) {
			t.Errorf("schema of %s differs from its rows'\n--- rows (AutoMigrate)\n%s\n--- migrations\n%s",
				module.Name, strings.Join(want, "\n"), strings.Join(got, "\n"))
		}
	}
	t.Run("sqlite", func(t *testing.T) { compare(t, SQLite(t), SQLite(t)) })
	t.Run("postgres", func(t *testing.T) { compare(t, Postgres(t), Postgres(t)) })
}

// DescribeSchema lists every table of gdb but the migration bookkeeping (goose's version tables,
// SQLite's own), one sorted line per column and per index, from the database's catalog:
// information_schema and pg_indexes on PostgreSQL, the table_info and index_list pragmas on
// SQLite.
func DescribeSchema(tb testing.TB, gdb *gorm.DB) []string {
	tb.Helper()
	var lines []string
	var err error
	if db.DialectOf(gdb) == db.Postgres {
		lines, err = describePostgres(tb.Context(), gdb)
	} else {
		lines, err = describeSQLite(tb.Context(), gdb)
	}
	if err != nil {
		tb.Fatalf("testkit: describe schema: %v", err)
	}
	slices.Sort(lines)
	return lines
}

func bookkeeping(table string) bool {
	return strings.HasPrefix(table, "goose_db_version") || strings.HasPrefix(table, "sqlite_")
}

func describePostgres(ctx context.Context, gdb *gorm.DB) ([]string, error) {
	var columns []struct {
		TableName, ColumnName, DataType, IsNullable string
		CharacterMaximumLength                      *int
		ColumnDefault                               *string
	}
	err := gdb.WithContext(ctx).Raw(`SELECT table_name, column_name, data_type, is_nullable, character_maximum_length, column_default
		FROM information_schema.columns WHERE table_schema = current_schema()`).Scan(&columns).Error
	if err != nil {
		return nil, err
	}
	var lines []string
	for _, c := range columns {
		if bookkeeping(c.TableName) {
			continue
		}
		typ := c.DataType
		if c.CharacterMaximumLength != nil {
			typ += fmt.Sprintf("(%d)", *c.CharacterMaximumLength)
		}
		lines = append(lines, fmt.Sprintf("%s column %s %s nullable=%s default=%s",
			c.TableName, c.ColumnName, typ, c.IsNullable, orNone(c.ColumnDefault)))
	}
	var indexes []struct{ Tablename, Indexname, Indexdef string }
	err = gdb.WithContext(ctx).Raw(`SELECT tablename, indexname, indexdef FROM pg_indexes
		WHERE schemaname = current_schema()`).Scan(&indexes).Error
	if err != nil {
		return nil, err
	}
	for _, i := range indexes {
		if bookkeeping(i.Tablename) {
			continue
		}
		lines = append(lines, fmt.Sprintf("%s index %s", i.Tablename, i.Indexdef))
	}
	return lines, nil
}

func describeSQLite(ctx context.Context, gdb *gorm.DB) ([]string, error) {
	conn := gdb.WithContext(ctx)
	var tables []struct{ Name, SQL string }
	if err := conn.Raw(`SELECT name, sql FROM sqlite_master WHERE type = 'table'`).Scan(&tables).Error; err != nil {
		return nil, err
	}
	var lines []string
	for _, t := range tables {
		if bookkeeping(t.Name) {
			continue
		}
		// table_info does not show AUTOINCREMENT, which decides whether ids are ever reused.
		lines = append(lines, fmt.Sprintf("%s autoincrement=%t", t.Name, strings.Contains(strings.ToUpper(t.SQL), "AUTOINCREMENT")))
		var columns []struct {
			Name, Type string
			NotNull    int
			DfltValue  *string
			PK         int
		}
		if err := conn.Raw(`SELECT name, type, "notnull" AS not_null, dflt_value, pk FROM pragma_table_info(?)`, t.Name).Scan(&columns).Error; err != nil {
			return nil, err
		}
		for _, c := range columns {
			lines = append(lines, fmt.Sprintf("%s column %s %s notnull=%d default=%s pk=%d",
				t.Name, c.Name, c.Type, c.NotNull, orNone(c.DfltValue), c.PK))
		}
		var indexes []struct {
			Name   string
			Unique int
			Origin string
		}
		if err := conn.Raw(`SELECT name, "unique", origin FROM pragma_index_list(?)`, t.Name).Scan(&indexes).Error; err != nil {
			return nil, err
		}
		for _, i := range indexes {
			var cols []string
			if err := conn.Raw(`SELECT name FROM pragma_index_info(?) ORDER BY seqno`, i.Name).Scan(&cols).Error; err != nil {
				return nil, err
			}
			lines = append(lines, fmt.Sprintf("%s index %s unique=%d origin=%s (%s)",
				t.Name, i.Name, i.Unique, i.Origin, strings.Join(cols, ", ")))
		}
	}
	return lines, nil
}

func orNone(s *string) string {
	if s == nil {
		return "none"
	}
	return *s
}

// MigrationsThrough is module as the release that shipped its migrations 1..n had it: migrating
// with it, adding rows, then migrating with module tries a later migration on the data it meets.
func MigrationsThrough(t *testing.T, module db.Module, n int) db.Module {
	t.Helper()
	out := fstest.MapFS{}
	for _, dialect := range []string{"postgres", "sqlite"} {
		entries, err := fs.ReadDir(module.Migrations, "migrations/"+dialect)
		if err != nil {
			t.Fatalf("testkit: migrations of %s: %v", module.Name, err)
		}
		for _, e := range entries {
			var version int
			if _, err := fmt.Sscanf(e.Name(), "%05d_", &version); err != nil || version > n {
				continue
			}
			name := "migrations/" + dialect + "/" + e.Name()
			sql, err := fs.ReadFile(module.Migrations, name)
			if err != nil {
				t.Fatalf("testkit: %s: %v", name, err)
			}
			out[name] = &fstest.MapFile{Data: sql}
		}
	}
	return db.Module{Name: module.Name, Migrations: out}
}
