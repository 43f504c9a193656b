// Package testkit gives tests real databases and a real Redis: a fresh PostgreSQL database per
// test (dropped afterwards), a fresh SQLite file, and a Redis key prefix of their own. Servers
// are found at TEST_DATABASE_URL / TEST_REDIS_URL, defaulting to the local ones every machine
// runs; only `go test -short` leaves the server-backed runs out.
package testkit

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"io"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"testing"

	"github.com/redis/go-redis/v9"
	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/cache"
	"rugged.example/portal/api/pkg/db"
)

const (
	defaultPostgres = "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable"
	defaultRedis    = "redis://127.0.0.1:6379/0"
)

// Quiet is a logger for tests that do not look at logs.
func Quiet() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

func envOr(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}

func suffix() string {
	var b [6]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// SQLite opens a fresh SQLite database in the test's temp dir.
func SQLite(tb testing.TB) *gorm.DB {
	tb.Helper()
	gdb, err := db.Open(context.Background(), db.Options{SQLitePath: filepath.Join(tb.TempDir(), "test.db"), Log: Quiet()})
	if err != nil {
		tb.Fatalf("testkit: sqlite: %v", err)
	}
	tb.Cleanup(func() { closeDB(gdb) })
	return gdb
}

// PostgresURL creates a fresh database and returns its URL; the database is dropped when the
// test ends.
func PostgresURL(tb testing.TB) string {
	tb.Helper()
	needServer(tb, "PostgreSQL")
	ctx := context.Background()
	admin, err := db.Open(ctx, db.Options{URL: envOr("TEST_DATABASE_URL", defaultPostgres), Log: Quiet()})
	if err != nil {
		tb.Fatalf("testkit: postgres at TEST_DATABASE_URL: %v", err)
	}
	name := "portal_test_" + suffix()
	if err := admin.Exec("CREATE DATABASE " + name).Error; err != nil {
		tb.Fatalf("testkit: create database: %v", err)
	}
	tb.Cleanup(func() {
		admin.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)")
		closeDB(admin)
	})
	u, _ := url.Parse(envOr("TEST_DATABASE_URL", defaultPostgres))
	u.Path = "/" + name
	return u.String()
}

// Postgres opens a fresh PostgreSQL database.
func Postgres(tb testing.TB) *gorm.DB {
	tb.Helper()
	gdb, err := db.Open(context.Background(), db.Options{URL: PostgresURL(tb), Log: Quiet()})
	if err != nil {
		tb.Fatalf("testkit: postgres: %v", err)
	}
	tb.Cleanup(func() { closeDB(gdb) })
	return gdb
}

// EachDatabase runs suite once on SQLite and once on PostgreSQL, each with a fresh database:
// the one store suite that proves both drivers behave alike.
func EachDatabase(t *testing.T, suite func(t *testing.T, gdb *gorm.DB)) {
	t.Helper()
	t.Run("sqlite", func(t *testing.T) { suite(t, SQLite(t)) })
	t.Run("postgres", func(t *testing.T) { suite(t, Postgres(t)) })
}

// RedisURL returns the test Redis URL; the caller gets its own key prefix from Redis.
func RedisURL(tb testing.TB) string {
	tb.Helper()
	needServer(tb, "Redis")
	return envOr("TEST_REDIS_URL", defaultRedis)
}

// Redis opens the real Redis under a fresh key prefix and deletes that prefix's keys afterwards.
func Redis(tb testing.TB) *cache.Redis {
	tb.Helper()
	ctx := context.Background()
	prefix := "test:" + suffix() + ":"
	rc, err := cache.OpenRedis(ctx, RedisURL(tb), prefix)
	if err != nil {
		tb.Fatalf("testkit: redis at TEST_REDIS_URL: %v", err)
	}
	tb.Cleanup(func() {
		opts, _ := redis.ParseURL(RedisURL(tb))
		raw := redis.NewClient(opts)
		iter := raw.Scan(ctx, 0, prefix+"*", 100).Iterator()
		for iter.Next(ctx) {
			raw.Del(ctx, iter.Val())
		}
		_ = raw.Close()
		_ = rc.Close()
	})
	return rc
}

// needServer leaves server-backed tests out of `go test -short` on a developer's laptop, and
// only there: under CI (CI set) a -short run fails instead, so no test is ever skipped in CI.
func needServer(tb testing.TB, server string) {
	tb.Helper()
	if !testing.Short() {
		return
	}
	if os.Getenv("CI") != "" {
		tb.Fatalf("testkit: %s tests must run in CI: drop -short", server)
	}
	tb.Skip("needs " + server + "; run without -short")
}

func closeDB(gdb *gorm.DB) {
	if sqlDB, err := gdb.DB(); err == nil {
		_ = sqlDB.Close()
	}
}
