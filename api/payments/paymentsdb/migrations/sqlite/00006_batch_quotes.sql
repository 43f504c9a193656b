-- +goose Up
-- The RMA batch a batch quote pays (kind 'batch', batch_id BT-…, one combined quote for the
-- batch's out-of-warranty rows); "" for every other kind, which existing quotes all are. Its own
-- column rather than order_id: a parts order and a batch are different payables, read by
-- different services, and neither lookup should have to filter out the other's ids.
ALTER TABLE `payments_quotes` ADD COLUMN `batch_id` text NOT NULL DEFAULT "";
CREATE INDEX `payments_quotes_batch` ON `payments_quotes` (`batch_id`);

-- +goose Down
DROP INDEX `payments_quotes_batch`;
ALTER TABLE `payments_quotes` DROP COLUMN `batch_id`;
