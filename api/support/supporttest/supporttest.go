// Package supporttest builds a real support.Service on a fresh database for tests of this and
// other modules (the composition root's GraphQL resolvers): real store, real outbox, a cache of
// the caller's choice and a clock the test moves.
package supporttest

import (
	"context"
	"testing"
	"time"

	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/cache"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/mail"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/support/support"
	"rugged.example/portal/api/support/supportdb"
)

// Env is a service with what a test inspects beside it.
type Env struct {
	Service *support.Service
	DB      *gorm.DB
	Store   *supportdb.Store
	Outbox  *mail.Outbox
	Clock   *testkit.Clock
}

// Options tune New; zero values get defaults (fresh SQLite, memory cache, default settings, a
// clock at 2026-11-22 10:00 UTC, mail straight to the outbox).
type Options struct {
	DB       *gorm.DB
	Cache    cache.Cache
	Settings support.Settings
	// Mail wraps the outbox, e.g. to make it fail.
	Mail func(support.Mailer) support.Mailer
	// Store wraps the real store, e.g. to make it fail.
	Store func(support.Store) support.Store
}

// New migrates a database, seeds it and builds the service.
func New(tb testing.TB, o Options) Env {
	tb.Helper()
	ctx := context.Background()
	if o.DB == nil {
		o.DB = testkit.SQLite(tb)
	}
	if o.Cache == nil {
		o.Cache = cache.NewMemory(10_000)
	}
	if err := supportdb.Migrate(ctx, o.DB); err != nil {
		tb.Fatalf("supporttest: %v", err)
	}
	if err := mail.Migrate(ctx, o.DB); err != nil {
		tb.Fatalf("supporttest: %v", err)
	}
	st := supportdb.NewStore(o.DB)
	if err := supportdb.Seed(ctx, st); err != nil {
		tb.Fatalf("supporttest: %v", err)
	}
	outbox := mail.NewOutbox(o.DB)
	var m support.Mailer = outbox
	if o.Mail != nil {
		m = o.Mail(m)
	}
	var s support.Store = st
	if o.Store != nil {
		s = o.Store(s)
	}
	clock := testkit.NewClock(time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC))
	svc := support.NewService(support.Deps{
		Store: s, Tx: db.NewTransactor(o.DB), Mail: m, Cache: o.Cache,
		Settings: o.Settings, Log: testkit.Quiet(), Now: clock.Now,
	})
	return Env{Service: svc, DB: o.DB, Store: st, Outbox: outbox, Clock: clock}
}

// ValidTicket is a ticket input that passes every rule.
func ValidTicket() support.TicketInput {
	return support.TicketInput{
		FirstName: "Jane", LastName: "Doe", EmailAddress: "jane@example.com", Phone: "(512)555-0100",
		Subject: "Screen flickers", Description: "The screen flickers after an hour.", CaseType: "Hardware",
		Model: "RL14", Serial: "RT10000001",
	}
}

// ValidContact is a contact input that passes every rule.
func ValidContact() support.ContactInput {
	return support.ContactInput{
		FirstName: "Sam", LastName: "Lee", Email: "sam@example.com", Phone: "512-555-0101", Company: "Acme",
		Subject: "Unit will not boot", PrimaryFault: "broken", Desc: "It shows a black screen.",
	}
}
