-- +goose Up
-- Quotes (saved and service) and the log of provider webhook events already handled.
CREATE TABLE `payments_quotes` (
	`id` text,
	`kind` text NOT NULL,
	`owner` text NOT NULL,
	`rma_number` text NOT NULL,
	`serial` text NOT NULL,
	`reference` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`currency` text NOT NULL,
	`status` text NOT NULL,
	`note` text NOT NULL,
	`issued_by` text NOT NULL,
	`saved` text NOT NULL,
	`expires_at` datetime NOT NULL,
	`created_at` datetime NOT NULL,
	`updated_at` datetime NOT NULL,
	PRIMARY KEY (`id`)
);
CREATE INDEX `payments_quotes_owner_created` ON `payments_quotes`(`owner`,`created_at`);
CREATE INDEX `idx_payments_quotes_rma_number` ON `payments_quotes`(`rma_number`);
CREATE TABLE `payments_events` (
	`provider` text,
	`event_id` text,
	`received_at` datetime NOT NULL,
	PRIMARY KEY (`provider`,`event_id`)
);

-- +goose Down
DROP TABLE `payments_events`;
DROP TABLE `payments_quotes`;
