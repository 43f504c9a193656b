-- +goose Up
-- The schema the release before versioned migrations made with gorm's AutoMigrate, statement for
-- statement, made idempotent (IF NOT EXISTS, ON CONFLICT DO NOTHING): a database that release
-- created upgrades in place and keeps its rows. No Down: undoing it would drop them.
CREATE TABLE IF NOT EXISTS `shipping_documents` (
	`id` text,
	`owner` text NOT NULL,
	`rma_number` text NOT NULL,
	`kind` text NOT NULL,
	`tracking_number` text NOT NULL,
	`issued_at` datetime NOT NULL,
	`expires_at` datetime NOT NULL,
	PRIMARY KEY (`id`)
);
CREATE INDEX IF NOT EXISTS `idx_shipping_documents_tracking_number` ON `shipping_documents`(`tracking_number`);
CREATE INDEX IF NOT EXISTS `idx_shipping_documents_rma_number` ON `shipping_documents`(`rma_number`);
CREATE INDEX IF NOT EXISTS `idx_shipping_documents_owner` ON `shipping_documents`(`owner`);
CREATE TABLE IF NOT EXISTS `shipping_sequences` (
	`name` text,
	`value` integer NOT NULL DEFAULT 0,
	PRIMARY KEY (`name`)
);
INSERT INTO `shipping_sequences` (`name`,`value`) VALUES ('shipping_tracking_seq',0) ON CONFLICT DO NOTHING;
