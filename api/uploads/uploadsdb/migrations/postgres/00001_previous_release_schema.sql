-- +goose Up
-- The schema the release before versioned migrations made with gorm's AutoMigrate, statement for
-- statement, made idempotent (IF NOT EXISTS, ON CONFLICT DO NOTHING): a database that release
-- created upgrades in place and keeps its rows. No Down: undoing it would drop them.
CREATE TABLE IF NOT EXISTS "uploads_attachments" (
	"bucket_file_name" varchar(100),
	"owner_subject" varchar(255) NOT NULL,
	"original_name" varchar(255) NOT NULL,
	"content_type" varchar(100) NOT NULL,
	"size_bytes" bigint NOT NULL,
	"created_at" timestamptz NOT NULL,
	"rma_number" varchar(40),
	PRIMARY KEY ("bucket_file_name")
);
CREATE INDEX IF NOT EXISTS "idx_uploads_attachments_rma_number" ON "uploads_attachments" ("rma_number");
CREATE INDEX IF NOT EXISTS "idx_uploads_attachments_created_at" ON "uploads_attachments" ("created_at");
CREATE INDEX IF NOT EXISTS "idx_uploads_attachments_owner_subject" ON "uploads_attachments" ("owner_subject");
