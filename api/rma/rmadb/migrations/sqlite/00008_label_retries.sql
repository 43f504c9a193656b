-- +goose Up
-- A label the carrier could not issue when the RMA was created is asked for again, with backoff
-- (rma.LabelRetrier): label_attempts counts the retries made, label_retry_at is when the next one
-- is due (NULL: none pending, because the label exists, was never missing, or support took over).
-- RMAs already waiting for their label are due at once.
ALTER TABLE `rma_rmas` ADD COLUMN `label_attempts` integer NOT NULL DEFAULT 0;
ALTER TABLE `rma_rmas` ADD COLUMN `label_retry_at` datetime;
CREATE INDEX `idx_rma_rmas_label_retry` ON `rma_rmas`(`label_retry_at`);
UPDATE `rma_rmas` SET `label_retry_at` = `updated_at`
WHERE `shipping_error` <> '' AND `label_id` = '' AND `status` = 'AWAITING_UNIT' AND `shipping_method` IN ('label', 'qr');

-- +goose Down
DROP INDEX `idx_rma_rmas_label_retry`;
ALTER TABLE `rma_rmas` DROP COLUMN `label_retry_at`;
ALTER TABLE `rma_rmas` DROP COLUMN `label_attempts`;
