// Package dbtest opens the databases the identity tests run against: SQLite in a temporary
// directory, and a fresh, uniquely named PostgreSQL database dropped when the test ends.
package dbtest

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/glebarez/sqlite"
	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"
)

// PostgresAdminDSNEnv overrides DefaultPostgresAdminDSN.
const PostgresAdminDSNEnv = "IDENTITY_TEST_POSTGRES_DSN"

// DefaultPostgresAdminDSN is the local server of the development machines and CI.
const DefaultPostgresAdminDSN = "host=127.0.0.1 port=5432 user=postgres dbname=postgres sslmode=disable"

func gormConfig() *gorm.Config {
	return &gorm.Config{Logger: logger.Default.LogMode(logger.Silent)}
}

// SQLite opens a new SQLite database file in a temporary directory.
func SQLite(t testing.TB) *gorm.DB {
	t.Helper()
	path := filepath.Join(t.TempDir(), "portal.db")
	dsn := "file:" + path + "?_pragma=busy_timeout(5000)&_pragma=journal_mode(WAL)&_pragma=foreign_keys(1)"
	db, err := gorm.Open(sqlite.Open(dsn), gormConfig())
	if err != nil {
		t.Fatalf("open sqlite: %v", err)
	}
	closeOnCleanup(t, db)
	return db
}

// Postgres creates a fresh database on the local PostgreSQL server and drops it when the
// test ends. Callers skip under testing.Short().
func Postgres(t testing.TB) *gorm.DB {
	t.Helper()
	adminDSN := os.Getenv(PostgresAdminDSNEnv)
	if adminDSN == "" {
		adminDSN = DefaultPostgresAdminDSN
	}
	admin, err := gorm.Open(postgres.Open(adminDSN), gormConfig())
	if err != nil {
		t.Fatalf("connect to postgres (%s): %v", PostgresAdminDSNEnv, err)
	}
	closeOnCleanup(t, admin)

	b := make([]byte, 6)
	_, _ = rand.Read(b)
	name := "identity_test_" + hex.EncodeToString(b)
	if err := admin.Exec(fmt.Sprintf("CREATE DATABASE %s", name)).Error; err != nil {
		t.Fatalf("create database %s: %v", name, err)
	}
	t.Cleanup(func() {
		if err := admin.Exec(fmt.Sprintf("DROP DATABASE IF EXISTS %s WITH (FORCE)", name)).Error; err != nil {
			t.Errorf("drop database %s: %v", name, err)
		}
	})

	db, err := gorm.Open(postgres.Open(adminDSN+" dbname="+name), gormConfig())
	if err != nil {
		t.Fatalf("connect to %s: %v", name, err)
	}
	closeOnCleanup(t, db)
	return db
}

// closeOnCleanup registers the close; cleanups run last-in first-out, so a database is
// closed before it is dropped.
func closeOnCleanup(t testing.TB, db *gorm.DB) {
	t.Cleanup(func() {
		if sqlDB, err := db.DB(); err == nil {
			_ = sqlDB.Close()
		}
	})
}
