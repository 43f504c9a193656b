-- +goose Up
-- How a quote is paid (method, the provider's order or transaction id, PayPal's capture id, the
-- PO number, when), and what each webhook event was about. Existing quotes are unpaid.
ALTER TABLE `payments_quotes` ADD COLUMN `method` text NOT NULL DEFAULT "";
ALTER TABLE `payments_quotes` ADD COLUMN `provider_ref` text NOT NULL DEFAULT "";
ALTER TABLE `payments_quotes` ADD COLUMN `capture_id` text NOT NULL DEFAULT "";
ALTER TABLE `payments_quotes` ADD COLUMN `customer_po` text NOT NULL DEFAULT "";
ALTER TABLE `payments_quotes` ADD COLUMN `paid_at` datetime;
ALTER TABLE `payments_events` ADD COLUMN `event_type` text NOT NULL DEFAULT "";
ALTER TABLE `payments_events` ADD COLUMN `quote_id` text NOT NULL DEFAULT "";

-- +goose Down
ALTER TABLE `payments_events` DROP COLUMN `quote_id`;
ALTER TABLE `payments_events` DROP COLUMN `event_type`;
ALTER TABLE `payments_quotes` DROP COLUMN `paid_at`;
ALTER TABLE `payments_quotes` DROP COLUMN `customer_po`;
ALTER TABLE `payments_quotes` DROP COLUMN `capture_id`;
ALTER TABLE `payments_quotes` DROP COLUMN `provider_ref`;
ALTER TABLE `payments_quotes` DROP COLUMN `method`;
