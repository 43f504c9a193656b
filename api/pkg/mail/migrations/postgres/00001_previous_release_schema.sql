-- +goose Up
-- The schema the release before versioned migrations made with gorm's AutoMigrate, statement for
-- statement, made idempotent (IF NOT EXISTS, ON CONFLICT DO NOTHING): a database that release
-- created upgrades in place and keeps its rows. No Down: undoing it would drop them.
CREATE TABLE IF NOT EXISTS "mail_outbox" (
	"id" bigserial,
	"to" text NOT NULL,
	"reply_to" varchar(400) NOT NULL DEFAULT '',
	"subject" varchar(1000) NOT NULL,
	"text" text NOT NULL DEFAULT '',
	"html" text NOT NULL DEFAULT '',
	"created_at" timestamptz NOT NULL,
	"attempts" bigint NOT NULL DEFAULT 0,
	"next_attempt_at" timestamptz,
	"sent_at" timestamptz,
	"last_error" varchar(1000) NOT NULL DEFAULT '',
	PRIMARY KEY ("id")
);
CREATE INDEX IF NOT EXISTS "idx_mail_outbox_next_attempt" ON "mail_outbox" ("next_attempt_at");
