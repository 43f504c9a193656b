-- +goose Up
-- Money is integer minor units plus a currency (ARCHITECTURE §5). The float prices become cents,
-- round(price * 100) to the nearest cent, and say they are US dollars, the only currency the
-- portal has priced in. Accessory lines never had a price (the old column held 0): they get none.
-- No Down: a release that reads float prices cannot read a currency other than USD.
--
-- SQLite cannot add a NOT NULL column without a default, so the two tables whose price is
-- required are rebuilt (create, copy, drop, rename, index) as SQLite's ALTER TABLE page
-- describes; the repair options keep their AUTOINCREMENT high-water mark so no id is reused.
CREATE TABLE `rma_repair_options__new` (
	`id` integer PRIMARY KEY AUTOINCREMENT,
	`model` text NOT NULL,
	`rma_type` text NOT NULL,
	`fault` text NOT NULL,
	`problem` text NOT NULL,
	`price_cents` integer NOT NULL,
	`price_currency` text NOT NULL DEFAULT "USD",
	`tip` text NOT NULL,
	`sort_order` integer NOT NULL
);
INSERT INTO `rma_repair_options__new`
	(`id`, `model`, `rma_type`, `fault`, `problem`, `price_cents`, `price_currency`, `tip`, `sort_order`)
SELECT `id`, `model`, `rma_type`, `fault`, `problem`, CAST(round(`price` * 100) AS INTEGER), 'USD', `tip`, `sort_order`
	FROM `rma_repair_options`;
DELETE FROM sqlite_sequence WHERE name = 'rma_repair_options__new';
INSERT INTO sqlite_sequence (name, seq)
	SELECT 'rma_repair_options__new', seq FROM sqlite_sequence WHERE name = 'rma_repair_options';
DROP TABLE `rma_repair_options`;
ALTER TABLE `rma_repair_options__new` RENAME TO `rma_repair_options`;
CREATE INDEX `idx_rma_options_model` ON `rma_repair_options`(`model`,`rma_type`);

CREATE TABLE `rma_rmas__new` (
	`number` text,
	`owner` text NOT NULL,
	`serial` text NOT NULL,
	`model` text NOT NULL,
	`part_number` text NOT NULL,
	`rma_type` text NOT NULL,
	`status` text NOT NULL,
	`primary_fault` text NOT NULL,
	`problem` text NOT NULL,
	`problem_price_cents` integer NOT NULL,
	`problem_price_currency` text NOT NULL DEFAULT "USD",
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
INSERT INTO `rma_rmas__new` (
	`number`, `owner`, `serial`, `model`, `part_number`, `rma_type`, `status`, `primary_fault`,
	`problem`, `problem_price_cents`, `problem_price_currency`, `initial_notes`, `customer_reference`,
	`asset_tag`, `reimage`, `bios_firmware`, `windows_user`, `windows_password`, `bios_password`,
	`has_device_data`, `ack_click_wrap`, `ack_hdd_backup`, `acc_ac_power`, `acc_storage`,
	`acc_hard_case`, `acc_battery`, `contact_first_name`, `contact_last_name`, `contact_email`,
	`contact_phone`, `contact_phone_cc`, `contact_company`, `contact_position`, `ship_line1`,
	`ship_line2`, `ship_city`, `ship_state`, `ship_country`, `ship_postal_code`, `have_packaging`,
	`request_box`, `forgo_shipping`, `shipping_method`, `tpm`, `label_id`, `invoice_id`,
	`tracking_number`, `shipping_error`, `created_at`, `updated_at`
)
SELECT
	`number`, `owner`, `serial`, `model`, `part_number`, `rma_type`, `status`, `primary_fault`,
	`problem`, CAST(round(`problem_price` * 100) AS INTEGER), 'USD', `initial_notes`,
	`customer_reference`, `asset_tag`, `reimage`, `bios_firmware`, `windows_user`, `windows_password`,
	`bios_password`, `has_device_data`, `ack_click_wrap`, `ack_hdd_backup`, `acc_ac_power`,
	`acc_storage`, `acc_hard_case`, `acc_battery`, `contact_first_name`, `contact_last_name`,
	`contact_email`, `contact_phone`, `contact_phone_cc`, `contact_company`, `contact_position`,
	`ship_line1`, `ship_line2`, `ship_city`, `ship_state`, `ship_country`, `ship_postal_code`,
	`have_packaging`, `request_box`, `forgo_shipping`, `shipping_method`, `tpm`, `label_id`,
	`invoice_id`, `tracking_number`, `shipping_error`, `created_at`, `updated_at`
FROM `rma_rmas`;
DROP TABLE `rma_rmas`;
ALTER TABLE `rma_rmas__new` RENAME TO `rma_rmas`;
CREATE INDEX `idx_rma_rmas_serial` ON `rma_rmas`(`serial`);
CREATE INDEX `idx_rma_rmas_owner` ON `rma_rmas`(`owner`);

ALTER TABLE `rma_lines` ADD COLUMN `price_cents` integer;
ALTER TABLE `rma_lines` ADD COLUMN `price_currency` text;
UPDATE `rma_lines` SET `price_cents` = CAST(round(`price` * 100) AS INTEGER), `price_currency` = 'USD'
	WHERE `kind` = 'unit' AND `price` IS NOT NULL;
ALTER TABLE `rma_lines` DROP COLUMN `price`;
