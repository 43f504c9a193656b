-- +goose Up
-- The promised ship-back date of a received RMA (rma.Promises): promised_ship_date is the depot's
-- calendar date (YYYY-MM-DD, NULL until the unit is received), promise_paused_at when the clock
-- stopped for the customer's decision (NULL: running). rma_promise_changes keeps every change
-- with its reason code, for the timeline and for staff.
ALTER TABLE `rma_rmas` ADD COLUMN `promised_ship_date` text;
ALTER TABLE `rma_rmas` ADD COLUMN `promise_paused_at` datetime;
CREATE TABLE `rma_promise_changes` (
	`id` integer PRIMARY KEY AUTOINCREMENT,
	`rma_number` text NOT NULL,
	`from_date` text,
	`to_date` text NOT NULL,
	`reason` text NOT NULL,
	`detail` text NOT NULL,
	`at` datetime NOT NULL,
	`actor` text NOT NULL
);
CREATE INDEX `idx_rma_promise_changes_rma_number` ON `rma_promise_changes`(`rma_number`);

-- +goose Down
DROP TABLE `rma_promise_changes`;
ALTER TABLE `rma_rmas` DROP COLUMN `promise_paused_at`;
ALTER TABLE `rma_rmas` DROP COLUMN `promised_ship_date`;
