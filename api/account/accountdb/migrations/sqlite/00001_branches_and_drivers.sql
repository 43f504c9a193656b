-- +goose Up
-- Organizations' branches (ship-from addresses with a contact) and the driver catalogue.
CREATE TABLE `account_branches` (
	`id` text,
	`org` text NOT NULL,
	`name` text NOT NULL,
	`line1` text NOT NULL,
	`line2` text NOT NULL,
	`city` text NOT NULL,
	`state` text NOT NULL,
	`country` text NOT NULL,
	`postal_code` text NOT NULL,
	`contact_first_name` text NOT NULL,
	`contact_last_name` text NOT NULL,
	`contact_email` text NOT NULL,
	`contact_phone` text NOT NULL,
	`contact_phone_country_code` text NOT NULL,
	`created_at` datetime NOT NULL,
	`updated_at` datetime NOT NULL,
	PRIMARY KEY (`id`)
);
CREATE INDEX `account_branches_org_name` ON `account_branches`(`org`,`name`);
CREATE TABLE `account_drivers` (
	`id` text,
	`model` text NOT NULL,
	`model_family` text NOT NULL,
	`name` text NOT NULL,
	`category` text NOT NULL,
	`os` text NOT NULL,
	`version` text NOT NULL,
	`release_date` datetime NOT NULL,
	`release_notes` text NOT NULL,
	`file_name` text NOT NULL,
	`size` integer NOT NULL,
	`sha256` text NOT NULL,
	`blob_key` text NOT NULL,
	PRIMARY KEY (`id`)
);
CREATE INDEX `idx_account_drivers_model` ON `account_drivers`(`model`);

-- +goose Down
DROP TABLE `account_drivers`;
DROP TABLE `account_branches`;
