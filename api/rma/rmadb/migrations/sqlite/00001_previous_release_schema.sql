-- +goose Up
-- The schema the release before versioned migrations made with gorm's AutoMigrate, statement for
-- statement, made idempotent (IF NOT EXISTS, ON CONFLICT DO NOTHING): a database that release
-- created upgrades in place and keeps its rows. No Down: undoing it would drop them.
-- DEFAULT "" is gorm's spelling; SQLite reads it as the empty string.
CREATE TABLE IF NOT EXISTS `rma_units` (
	`serial` text,
	`model` text NOT NULL DEFAULT "",
	`model_family` text NOT NULL DEFAULT "",
	`part_number` text NOT NULL DEFAULT "",
	`product_type` text NOT NULL DEFAULT "",
	`allow_oow` numeric NOT NULL DEFAULT false,
	`allowed_repair_types` text NOT NULL DEFAULT "STANDARD",
	`open_rma_number` text NOT NULL DEFAULT "",
	`warranty_end` text,
	`warranty_type` text NOT NULL DEFAULT "",
	`end_of_service` numeric NOT NULL DEFAULT false,
	`updated_at` datetime,
	PRIMARY KEY (`serial`)
);
CREATE TABLE IF NOT EXISTS `rma_rmas` (
	`number` text,
	`owner` text NOT NULL,
	`serial` text NOT NULL,
	`model` text NOT NULL,
	`part_number` text NOT NULL,
	`rma_type` text NOT NULL,
	`status` text NOT NULL,
	`primary_fault` text NOT NULL,
	`problem` text NOT NULL,
	`problem_price` real NOT NULL,
	`initial_notes` text NOT NULL,
	`customer_reference` text NOT NULL,
	`asset_tag` text NOT NULL,
	`reimage` numeric NOT NULL,
	`bios_firmware` numeric NOT NULL,
	`windows_user` text NOT NULL,
	`windows_password` text NOT NULL,
	`bios_password` text NOT NULL,
	`has_device_data` numeric,
	`ack_click_wrap` numeric NOT NULL,
	`ack_hdd_backup` numeric NOT NULL,
	`acc_ac_power` numeric NOT NULL,
	`acc_storage` numeric NOT NULL,
	`acc_hard_case` numeric NOT NULL,
	`acc_battery` numeric NOT NULL,
	`contact_first_name` text NOT NULL,
	`contact_last_name` text NOT NULL,
	`contact_email` text NOT NULL,
	`contact_phone` text NOT NULL,
	`contact_phone_cc` text NOT NULL,
	`contact_company` text NOT NULL,
	`contact_position` text NOT NULL,
	`ship_line1` text NOT NULL,
	`ship_line2` text NOT NULL,
	`ship_city` text NOT NULL,
	`ship_state` text NOT NULL,
	`ship_country` text NOT NULL,
	`ship_postal_code` text NOT NULL,
	`have_packaging` numeric NOT NULL,
	`request_box` numeric NOT NULL,
	`forgo_shipping` numeric NOT NULL,
	`shipping_method` text NOT NULL,
	`tpm` text NOT NULL DEFAULT "",
	`label_id` text NOT NULL DEFAULT "",
	`invoice_id` text NOT NULL DEFAULT "",
	`tracking_number` text NOT NULL DEFAULT "",
	`shipping_error` text NOT NULL DEFAULT "",
	`created_at` datetime,
	`updated_at` datetime,
	PRIMARY KEY (`number`)
);
CREATE INDEX IF NOT EXISTS `idx_rma_rmas_serial` ON `rma_rmas`(`serial`);
CREATE INDEX IF NOT EXISTS `idx_rma_rmas_owner` ON `rma_rmas`(`owner`);
CREATE TABLE IF NOT EXISTS `rma_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT,
	`rma_number` text NOT NULL,
	`kind` text NOT NULL,
	`description` text NOT NULL,
	`serial` text NOT NULL,
	`part_number` text NOT NULL,
	`price` real
);
CREATE INDEX IF NOT EXISTS `idx_rma_lines_rma_number` ON `rma_lines`(`rma_number`);
CREATE TABLE IF NOT EXISTS `rma_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT,
	`rma_number` text NOT NULL,
	`at` datetime NOT NULL,
	`kind` text NOT NULL,
	`detail` text NOT NULL
);
CREATE INDEX IF NOT EXISTS `idx_rma_events_rma_number` ON `rma_events`(`rma_number`);
CREATE TABLE IF NOT EXISTS `rma_idempotency_keys` (
	`owner` text,
	`key` text,
	`rma_number` text NOT NULL,
	`created_at` datetime,
	PRIMARY KEY (`owner`,`key`)
);
CREATE TABLE IF NOT EXISTS `rma_counters` (
	`name` text,
	`value` integer NOT NULL,
	PRIMARY KEY (`name`)
);
CREATE TABLE IF NOT EXISTS `rma_repair_options` (
	`id` integer PRIMARY KEY AUTOINCREMENT,
	`model` text NOT NULL,
	`rma_type` text NOT NULL,
	`fault` text NOT NULL,
	`problem` text NOT NULL,
	`price` real NOT NULL,
	`tip` text NOT NULL,
	`sort_order` integer NOT NULL
);
CREATE INDEX IF NOT EXISTS `idx_rma_options_model` ON `rma_repair_options`(`model`,`rma_type`);
INSERT INTO `rma_counters` (`name`,`value`) VALUES ('rma',100500) ON CONFLICT DO NOTHING;
