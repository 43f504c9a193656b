-- +goose Up
-- The schema the release before versioned migrations made with gorm's AutoMigrate, statement for
-- statement, made idempotent (IF NOT EXISTS, ON CONFLICT DO NOTHING): a database that release
-- created upgrades in place and keeps its rows. No Down: undoing it would drop them.
CREATE TABLE IF NOT EXISTS "support_tickets" (
	"uid" varchar(20),
	"number" bigint NOT NULL,
	"owner" varchar(100) NOT NULL,
	"first_name" varchar(100) NOT NULL,
	"last_name" varchar(100) NOT NULL,
	"email_address" varchar(50) NOT NULL,
	"phone" varchar(25) NOT NULL,
	"subject" varchar(80) NOT NULL,
	"description" text NOT NULL,
	"case_type" varchar(20) NOT NULL,
	"model" varchar(30) NOT NULL,
	"serial" varchar(50) NOT NULL,
	"status" varchar(20) NOT NULL,
	"created_at" timestamptz NOT NULL,
	PRIMARY KEY ("uid")
);
CREATE INDEX IF NOT EXISTS "support_tickets_owner_created" ON "support_tickets" ("owner","created_at");
CREATE UNIQUE INDEX IF NOT EXISTS "idx_support_tickets_number" ON "support_tickets" ("number");
CREATE TABLE IF NOT EXISTS "support_counters" (
	"name" varchar(20),
	"value" bigint NOT NULL,
	PRIMARY KEY ("name")
);
CREATE TABLE IF NOT EXISTS "support_contact_messages" (
	"id" bigserial,
	"first_name" varchar(35) NOT NULL,
	"last_name" varchar(35) NOT NULL,
	"email" varchar(254) NOT NULL,
	"phone" varchar(25) NOT NULL,
	"company" varchar(35) NOT NULL,
	"subject" varchar(80) NOT NULL,
	"primary_fault" varchar(20) NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamptz NOT NULL,
	PRIMARY KEY ("id")
);
CREATE INDEX IF NOT EXISTS "idx_support_contact_messages_created_at" ON "support_contact_messages" ("created_at");
CREATE TABLE IF NOT EXISTS "support_report_rows" (
	"report_id" varchar(64),
	"position" bigint,
	"message" varchar(300) NOT NULL,
	"is_warning" boolean NOT NULL,
	"is_paused" boolean NOT NULL,
	"updated_at" timestamptz NOT NULL,
	PRIMARY KEY ("report_id","position")
);
INSERT INTO "support_counters" ("name","value") VALUES ('ticket',100000) ON CONFLICT DO NOTHING;
