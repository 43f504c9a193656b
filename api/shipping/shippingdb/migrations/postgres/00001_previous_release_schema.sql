-- +goose Up
-- The schema the release before versioned migrations made with gorm's AutoMigrate, statement for
-- statement, made idempotent (IF NOT EXISTS, ON CONFLICT DO NOTHING): a database that release
-- created upgrades in place and keeps its rows. No Down: undoing it would drop them.
CREATE TABLE IF NOT EXISTS "shipping_documents" (
	"id" varchar(32),
	"owner" varchar(255) NOT NULL,
	"rma_number" varchar(40) NOT NULL,
	"kind" varchar(10) NOT NULL,
	"tracking_number" varchar(40) NOT NULL,
	"issued_at" timestamptz NOT NULL,
	"expires_at" timestamptz NOT NULL,
	PRIMARY KEY ("id")
);
CREATE INDEX IF NOT EXISTS "idx_shipping_documents_tracking_number" ON "shipping_documents" ("tracking_number");
CREATE INDEX IF NOT EXISTS "idx_shipping_documents_rma_number" ON "shipping_documents" ("rma_number");
CREATE INDEX IF NOT EXISTS "idx_shipping_documents_owner" ON "shipping_documents" ("owner");
CREATE TABLE IF NOT EXISTS "shipping_sequences" (
	"name" varchar(40),
	"value" bigint NOT NULL DEFAULT 0,
	PRIMARY KEY ("name")
);
CREATE SEQUENCE IF NOT EXISTS shipping_tracking_seq START WITH 1;
