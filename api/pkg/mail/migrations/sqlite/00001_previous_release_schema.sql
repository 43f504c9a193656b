-- +goose Up
-- The schema the release before versioned migrations made with gorm's AutoMigrate, statement for
-- statement, made idempotent (IF NOT EXISTS, ON CONFLICT DO NOTHING): a database that release
-- created upgrades in place and keeps its rows. No Down: undoing it would drop them.
-- DEFAULT "" is gorm's spelling; SQLite reads it as the empty string.
CREATE TABLE IF NOT EXISTS `mail_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT,
	`to` text NOT NULL,
	`reply_to` text NOT NULL DEFAULT "",
	`subject` text NOT NULL,
	`text` text NOT NULL DEFAULT "",
	`html` text NOT NULL DEFAULT "",
	`created_at` datetime NOT NULL,
	`attempts` integer NOT NULL DEFAULT 0,
	`next_attempt_at` datetime,
	`sent_at` datetime,
	`last_error` text NOT NULL DEFAULT ""
);
CREATE INDEX IF NOT EXISTS `idx_mail_outbox_next_attempt` ON `mail_outbox`(`next_attempt_at`);
