-- +goose Up
-- The schema the release before versioned migrations made with gorm's AutoMigrate, statement for
-- statement, made idempotent (IF NOT EXISTS, ON CONFLICT DO NOTHING): a database that release
-- created upgrades in place and keeps its rows. No Down: undoing it would drop them.
CREATE TABLE IF NOT EXISTS `uploads_attachments` (
	`bucket_file_name` text,
	`owner_subject` text NOT NULL,
	`original_name` text NOT NULL,
	`content_type` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`created_at` datetime NOT NULL,
	`rma_number` text,
	PRIMARY KEY (`bucket_file_name`)
);
CREATE INDEX IF NOT EXISTS `idx_uploads_attachments_rma_number` ON `uploads_attachments`(`rma_number`);
CREATE INDEX IF NOT EXISTS `idx_uploads_attachments_created_at` ON `uploads_attachments`(`created_at`);
CREATE INDEX IF NOT EXISTS `idx_uploads_attachments_owner_subject` ON `uploads_attachments`(`owner_subject`);
