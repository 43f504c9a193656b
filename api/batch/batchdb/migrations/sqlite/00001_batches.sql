-- +goose Up
-- Fleet batches (issue 30): a batch (BT- and 8 Crockford base32 characters) with its owner,
-- organization, contact, address, packaging, combined quote, worker lease and documents; its
-- rows as submitted, with what the pre-flight found and what became of each. An owner's
-- idempotency key submits one batch (the unique index).
CREATE TABLE `batch_batches` (
	`id` text,
	`owner` text NOT NULL,
	`org` text NOT NULL,
	`created_by` text NOT NULL,
	`idempotency_key` text NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text NOT NULL,
	`phone_country_code` text NOT NULL,
	`company` text NOT NULL,
	`position` text NOT NULL,
	`line1` text NOT NULL,
	`line2` text NOT NULL,
	`city` text NOT NULL,
	`state` text NOT NULL,
	`country` text NOT NULL,
	`postal_code` text NOT NULL,
	`packaging_kind` text NOT NULL,
	`units_per_box` integer NOT NULL,
	`boxes` integer NOT NULL,
	`acknowledge_hdd_backup` numeric NOT NULL,
	`acknowledge_click_wrap` numeric NOT NULL,
	`quote_id` text NOT NULL,
	`quote_cents` integer NOT NULL,
	`currency` text NOT NULL,
	`quote_status` text NOT NULL,
	`pay_method` text NOT NULL,
	`customer_po` text NOT NULL,
	`quote_expires_at` datetime,
	`document_id` text NOT NULL,
	`lease_until` datetime,
	`finished_at` datetime,
	`created_at` datetime NOT NULL,
	`updated_at` datetime NOT NULL,
	PRIMARY KEY (`id`)
);
CREATE UNIQUE INDEX `batch_batches_key` ON `batch_batches` (`owner`,`idempotency_key`);
CREATE INDEX `batch_batches_owner` ON `batch_batches` (`owner`,`created_at`);
CREATE INDEX `batch_batches_org` ON `batch_batches` (`org`,`created_at`);
CREATE INDEX `batch_batches_unfinished` ON `batch_batches` (`finished_at`,`created_at`);
CREATE TABLE `batch_rows` (
	`batch_id` text,
	`idx` integer,
	`serial` text NOT NULL,
	`fault` text NOT NULL,
	`problem` text NOT NULL,
	`notes` text NOT NULL,
	`customer_reference` text NOT NULL,
	`asset_tag` text NOT NULL,
	`branch` text NOT NULL,
	`has_data` numeric,
	`camera` numeric NOT NULL,
	`model` text NOT NULL,
	`entitlement` text NOT NULL,
	`price_cents` integer,
	`currency` text NOT NULL,
	`status` text NOT NULL,
	`rma_number` text NOT NULL,
	`box` integer NOT NULL,
	`tracking_number` text NOT NULL,
	`reasons` text NOT NULL,
	PRIMARY KEY (`batch_id`,`idx`)
);
CREATE INDEX `batch_rows_status` ON `batch_rows` (`batch_id`,`status`);

-- +goose Down
DROP TABLE `batch_rows`;
DROP TABLE `batch_batches`;
