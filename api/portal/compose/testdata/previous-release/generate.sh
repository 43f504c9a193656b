#!/bin/sh
# Generates postgres.sql and sqlite.sql beside this script: a database as the release before
# versioned migrations left it (every table created by gorm's AutoMigrate at start, the embedded
# provider's demo users, demo units, repair options, the info-banner report) plus one row or more
# of every module (an RMA with its lines, event and idempotency key, an attachment, a label, a
# support ticket, a contact message, an outbox mail). TestIntegrationMigrate_UpgradesThePreviousRelease
# loads them and migrates.
#
# It checks out that release's code (git archive of PREVIOUS, default dd3c55b, the last commit
# whose modules migrated with AutoMigrate) into a temporary directory, adds the small program
# below to it, runs the program against a fresh PostgreSQL database and a fresh SQLite file, and
# dumps both: pg_dump --inserts (session settings stripped, so the file loads through one Exec),
# sqlite3 .dump. Run it from anywhere inside the repository; it needs go, pg_dump, psql and
# sqlite3, and PostgreSQL at PGURL (default the local server, user postgres). The output is
# committed; nobody needs to run this again unless the previous release's rows are wanted
# differently.
set -eu
PREVIOUS=${PREVIOUS:-dd3c55b}
PGURL=${PGURL:-postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable}
here=$(cd "$(dirname "$0")" && pwd)
repo=$(git -C "$here" rev-parse --show-toplevel)
work=$(mktemp -d)
db=prevrelease_$$
trap 'rm -rf "$work"; psql -q "$PGURL" -c "DROP DATABASE IF EXISTS $db" >/dev/null' EXIT

git -C "$repo" archive "$PREVIOUS" | tar -x -C "$work"
mkdir -p "$work/api/portal/cmd/prevrelease"
cat >"$work/api/portal/cmd/prevrelease/main.go" <<'GO'
// Command prevrelease fills the database named by its argument (a postgres:// URL or a SQLite
// path) the way the previous release did, then adds rows of every module.
package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"
	"time"

	"gorm.io/gorm"

	"rugged.example/portal/api/identity"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/mail"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/rma/rmadb"
	"rugged.example/portal/api/shipping/shipping"
	"rugged.example/portal/api/shipping/shippingdb"
	"rugged.example/portal/api/support/support"
	"rugged.example/portal/api/support/supportdb"
	"rugged.example/portal/api/uploads/uploads"
	"rugged.example/portal/api/uploads/uploadsdb"
)

func main() {
	if err := run(context.Background(), os.Args[1], os.Args[2]); err != nil {
		fmt.Fprintln(os.Stderr, "prevrelease:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, target, dataDir string) error {
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	opts := db.Options{Log: log}
	if strings.HasPrefix(target, "postgres") {
		opts.URL = target
	} else {
		opts.SQLitePath = target
	}
	gdb, err := db.Open(ctx, opts)
	if err != nil {
		return err
	}
	// What the previous release's compose.wire did at start.
	for _, migrate := range []func(context.Context, *gorm.DB) error{
		rmadb.Migrate, uploadsdb.Migrate, shippingdb.Migrate, mail.Migrate, supportdb.Migrate,
	} {
		if err := migrate(ctx, gdb); err != nil {
			return err
		}
	}
	units := rmadb.NewStore(gdb)
	if err := units.UpsertUnits(ctx, rmadb.DemoUnits()); err != nil {
		return err
	}
	if err := rmadb.SeedRepairOptions(ctx, units); err != nil {
		return err
	}
	help := supportdb.NewStore(gdb)
	if err := supportdb.Seed(ctx, help); err != nil {
		return err
	}
	// identity.New migrated the provider's tables and seeded the demo users.
	if _, err := identity.New(ctx, identity.Config{
		Issuer: "http://127.0.0.1:8080/idp", RedirectOrigins: []string{"http://127.0.0.1:8080"},
		DataDir: dataDir, DB: gdb, Logger: log,
	}); err != nil {
		return err
	}

	at := time.Date(2026, 11, 20, 9, 30, 0, 0, time.UTC)
	number, err := units.NextRMANumber(ctx)
	if err != nil {
		return err
	}
	r := rma.RMA{
		Number: number, Owner: identity.DemoCaseyID, Serial: "RT10000001", Model: "RT10", PartNumber: "RT10-A1",
		Type: "STANDARD", Status: rma.StatusReceived, ProblemPrice: 0,
		Problem: rma.Problem{PrimaryFault: "Display", Problem: "Cracked screen", InitialNotes: "Dropped on concrete",
			Accessories: rma.Accessories{ACPower: true}},
		Contact: rma.Contact{FirstName: "Casey", LastName: "Morgan", Email: "casey@example.com", Phone: "5125550142",
			PhoneCountryCode: "US", Company: "Morgan Field Services"},
		Address: rma.Address{Line1: "2100 Riverside Dr", Line2: "Suite 300", City: "Austin", State: "TX", Country: "US", PostalCode: "78741"},
		Method:  rma.ShipLabel, CreatedAt: at,
	}
	if err := units.CreateRMA(ctx, r, "prev-release-key"); err != nil {
		return err
	}
	if err := units.OpenUnitRMA(ctx, r.Serial, number, false); err != nil {
		return err
	}
	if err := units.AddEvent(ctx, number, "created", "previous release"); err != nil {
		return err
	}
	if err := uploadsdb.NewStore(gdb).Insert(ctx, []uploads.Attachment{{
		BucketFileName: "prev-release-photo", Owner: identity.DemoCaseyID, OriginalName: "screen.jpg",
		ContentType: "image/jpeg", Size: 48213, CreatedAt: at, RMANumber: number,
	}}); err != nil {
		return err
	}
	tracking, err := shippingdb.NewSequence(gdb).Next(ctx)
	if err != nil {
		return err
	}
	if err := shippingdb.NewStore(gdb).CreateDocuments(ctx, []shipping.Document{{
		ID: "0123456789abcdef0123456789abcdef", Owner: identity.DemoCaseyID, RMANumber: number, Kind: shipping.KindLabel,
		TrackingNumber: fmt.Sprintf("RF%010d", tracking), IssuedAt: at, ExpiresAt: at.Add(30 * 24 * time.Hour),
	}}); err != nil {
		return err
	}
	if err := units.SetShipping(ctx, number, "0123456789abcdef0123456789abcdef", "", fmt.Sprintf("RF%010d", tracking), ""); err != nil {
		return err
	}
	uid, err := help.NextTicketUID(ctx)
	if err != nil {
		return err
	}
	if err := help.CreateTicket(ctx, support.Ticket{
		UID: uid, Owner: identity.DemoCaseyID, FirstName: "Casey", LastName: "Morgan", EmailAddress: "casey@example.com",
		Phone: "5125550142", Subject: "Screen flickers", Description: "Since the last update.", CaseType: "TECHNICAL",
		Model: "RT10", Serial: "RT10000001", Status: "OPEN", CreatedAt: at,
	}); err != nil {
		return err
	}
	if err := help.CreateContact(ctx, support.ContactMessage{ContactInput: support.ContactInput{
		FirstName: "Pat", LastName: "Lee", Email: "pat@example.com", Phone: "5125550100", Company: "Lee Survey",
		Subject: "Fleet pricing", PrimaryFault: "Other", Desc: "Do you offer fleet repair plans?",
	}, CreatedAt: at}); err != nil {
		return err
	}
	return mail.Enqueue(ctx, gdb, mail.Message{
		To: []string{"casey@example.com"}, Subject: "Your RMA " + number, Text: "Your shipping label is ready.",
	})
}
GO

psql -q "$PGURL" -c "CREATE DATABASE $db" >/dev/null
pgdb=$(printf '%s' "$PGURL" | sed "s|/postgres?|/$db?|")
(cd "$work" && go run ./api/portal/cmd/prevrelease "$pgdb" "$work/idp-pg")
(cd "$work" && go run ./api/portal/cmd/prevrelease "$work/portal.db" "$work/idp-sqlite")

{
	echo "-- The previous release's database on PostgreSQL (AutoMigrate schema with rows)."
	echo "-- Generated by generate.sh in this directory; do not edit."
	pg_dump --no-owner --no-privileges --inserts "$pgdb" |
		grep -v -e '^SET ' -e '^SELECT pg_catalog.set_config' -e '^--' -e '^\\' | cat -s
} >"$here/postgres.sql"
{
	echo "-- The previous release's database on SQLite (AutoMigrate schema with rows)."
	echo "-- Generated by generate.sh in this directory; do not edit."
	sqlite3 "$work/portal.db" .dump
} >"$here/sqlite.sql"
