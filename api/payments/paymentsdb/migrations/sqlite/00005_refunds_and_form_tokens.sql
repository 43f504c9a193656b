-- +goose Up
-- The Authorize.net form a quote handed out last, so a second form request answers the same
-- token while it can still be used (none for existing quotes); and the money given back, or being
-- given back, for quotes: a payment that reached a provider after its quote was paid by another
-- payment, cancelled or expired. One row per provider payment (capture or transaction id).
ALTER TABLE `payments_quotes` ADD COLUMN `form_token` text NOT NULL DEFAULT "";
ALTER TABLE `payments_quotes` ADD COLUMN `form_issued_at` datetime;
CREATE TABLE `payments_refunds` (
	`id` text,
	`quote_id` text NOT NULL,
	`provider` text NOT NULL,
	`provider_ref` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`currency` text NOT NULL,
	`reason` text NOT NULL,
	`status` text NOT NULL,
	`reversal` text NOT NULL,
	`refund_ref` text NOT NULL,
	`attempts` integer NOT NULL,
	`last_error` text NOT NULL,
	`next_attempt_at` datetime NOT NULL,
	`created_at` datetime NOT NULL,
	`refunded_at` datetime,
	PRIMARY KEY (`id`)
);
CREATE UNIQUE INDEX `payments_refunds_money` ON `payments_refunds`(`provider`,`provider_ref`);
CREATE INDEX `payments_refunds_quote` ON `payments_refunds`(`quote_id`);
CREATE INDEX `payments_refunds_due` ON `payments_refunds`(`status`,`next_attempt_at`);

-- +goose Down
DROP TABLE `payments_refunds`;
ALTER TABLE `payments_quotes` DROP COLUMN `form_issued_at`;
ALTER TABLE `payments_quotes` DROP COLUMN `form_token`;
