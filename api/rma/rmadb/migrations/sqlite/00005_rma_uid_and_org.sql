-- +goose Up
-- Every RMA gets a uid (what links to its details carry: random, so not guessable from another
-- RMA's number) and the organization it was opened under ('' for none), whose members see it.
-- Existing RMAs get random uids of the same shape: 26 characters of Crockford's lower-case
-- base32 alphabet (hex digits are a subset of it).
--
-- SQLite cannot add a NOT NULL column without a default, so the table is rebuilt (create, copy,
-- drop, rename, index) as in 00002.
CREATE TABLE `rma_rmas__new` (
	`number` text,
	`uid` text NOT NULL,
	`owner` text NOT NULL,
	`org` text NOT NULL DEFAULT "",
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
	`return_tracking_number` text NOT NULL DEFAULT "",
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
	`tracking_number`, `shipping_error`, `return_tracking_number`, `created_at`, `updated_at`, `uid`
)
SELECT
	`number`, `owner`, `serial`, `model`, `part_number`, `rma_type`, `status`, `primary_fault`,
	`problem`, `problem_price_cents`, `problem_price_currency`, `initial_notes`, `customer_reference`,
	`asset_tag`, `reimage`, `bios_firmware`, `windows_user`, `windows_password`, `bios_password`,
	`has_device_data`, `ack_click_wrap`, `ack_hdd_backup`, `acc_ac_power`, `acc_storage`,
	`acc_hard_case`, `acc_battery`, `contact_first_name`, `contact_last_name`, `contact_email`,
	`contact_phone`, `contact_phone_cc`, `contact_company`, `contact_position`, `ship_line1`,
	`ship_line2`, `ship_city`, `ship_state`, `ship_country`, `ship_postal_code`, `have_packaging`,
	`request_box`, `forgo_shipping`, `shipping_method`, `tpm`, `label_id`, `invoice_id`,
	`tracking_number`, `shipping_error`, `return_tracking_number`, `created_at`, `updated_at`,
	lower(hex(randomblob(13)))
FROM `rma_rmas`;
DROP TABLE `rma_rmas`;
ALTER TABLE `rma_rmas__new` RENAME TO `rma_rmas`;
CREATE INDEX `idx_rma_rmas_serial` ON `rma_rmas`(`serial`);
CREATE UNIQUE INDEX `idx_rma_rmas_uid` ON `rma_rmas`(`uid`);
-- The history's keyset pages: the viewer's own RMAs and their organization's, each in the
-- order of a sort column with the number as tie-break. They lead with owner, so the old
-- owner-only index is not rebuilt.
CREATE INDEX `idx_rma_rmas_owner_created` ON `rma_rmas`(`owner`, `created_at`, `number`);
CREATE INDEX `idx_rma_rmas_owner_updated` ON `rma_rmas`(`owner`, `updated_at`, `number`);
CREATE INDEX `idx_rma_rmas_org_created` ON `rma_rmas`(`org`, `created_at`, `number`);
CREATE INDEX `idx_rma_rmas_org_updated` ON `rma_rmas`(`org`, `updated_at`, `number`);

-- +goose Down
DROP INDEX `idx_rma_rmas_org_updated`;
DROP INDEX `idx_rma_rmas_org_created`;
DROP INDEX `idx_rma_rmas_owner_updated`;
DROP INDEX `idx_rma_rmas_owner_created`;
DROP INDEX `idx_rma_rmas_uid`;
CREATE INDEX `idx_rma_rmas_owner` ON `rma_rmas`(`owner`);
ALTER TABLE `rma_rmas` DROP COLUMN `org`;
ALTER TABLE `rma_rmas` DROP COLUMN `uid`;
