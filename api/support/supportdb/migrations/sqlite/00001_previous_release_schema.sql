-- +goose Up
-- The schema the release before versioned migrations made with gorm's AutoMigrate, statement for
-- statement, made idempotent (IF NOT EXISTS, ON CONFLICT DO NOTHING): a database that release
-- created upgrades in place and keeps its rows. No Down: undoing it would drop them.
CREATE TABLE IF NOT EXISTS `support_tickets` (
	`uid` text,
	`number` integer NOT NULL,
	`owner` text NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`email_address` text NOT NULL,
	`phone` text NOT NULL,
	`subject` text NOT NULL,
	`description` text NOT NULL,
	`case_type` text NOT NULL,
	`model` text NOT NULL,
	`serial` text NOT NULL,
	`status` text NOT NULL,
	`created_at` datetime NOT NULL,
	PRIMARY KEY (`uid`)
);
CREATE INDEX IF NOT EXISTS `support_tickets_owner_created` ON `support_tickets`(`owner`,`created_at`);
CREATE UNIQUE INDEX IF NOT EXISTS `idx_support_tickets_number` ON `support_tickets`(`number`);
CREATE TABLE IF NOT EXISTS `support_counters` (
	`name` text,
	`value` integer NOT NULL,
	PRIMARY KEY (`name`)
);
CREATE TABLE IF NOT EXISTS `support_contact_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text NOT NULL,
	`company` text NOT NULL,
	`subject` text NOT NULL,
	`primary_fault` text NOT NULL,
	`description` text NOT NULL,
	`created_at` datetime NOT NULL
);
CREATE INDEX IF NOT EXISTS `idx_support_contact_messages_created_at` ON `support_contact_messages`(`created_at`);
CREATE TABLE IF NOT EXISTS `support_report_rows` (
	`report_id` text,
	`position` integer,
	`message` text NOT NULL,
	`is_warning` numeric NOT NULL,
	`is_paused` numeric NOT NULL,
	`updated_at` datetime NOT NULL,
	PRIMARY KEY (`report_id`,`position`)
);
INSERT INTO `support_counters` (`name`,`value`) VALUES ('ticket',100000) ON CONFLICT DO NOTHING;
