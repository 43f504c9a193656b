-- +goose Up
-- The status timeline: an event says which status it moved the RMA to (none for a label, say),
-- who made it (a subject or "system") and what they wrote for the customer.
ALTER TABLE `rma_events` ADD COLUMN `status` text NOT NULL DEFAULT "";
ALTER TABLE `rma_events` ADD COLUMN `actor` text NOT NULL DEFAULT "";
ALTER TABLE `rma_events` ADD COLUMN `note` text NOT NULL DEFAULT "";
-- Events written before actors were kept: the customer created and cancelled, the rest was the
-- portal's own doing.
UPDATE `rma_events` SET `actor` = (SELECT r.`owner` FROM `rma_rmas` r WHERE r.`number` = `rma_events`.`rma_number`)
	WHERE `kind` IN ('created', 'cancelled') AND EXISTS (SELECT 1 FROM `rma_rmas` r WHERE r.`number` = `rma_events`.`rma_number`);
UPDATE `rma_events` SET `actor` = 'system' WHERE `actor` = '';

-- The carrier's number of the unit's way back.
ALTER TABLE `rma_rmas` ADD COLUMN `return_tracking_number` text NOT NULL DEFAULT "";

-- What was done to a unit, for its repair summary; one entry per transition that recorded it.
CREATE TABLE `rma_repair_work` (
	`id` integer PRIMARY KEY AUTOINCREMENT,
	`rma_number` text NOT NULL,
	`at` datetime NOT NULL,
	`actor` text NOT NULL,
	`status` text NOT NULL,
	`parts_replaced` text NOT NULL,
	`work_performed` text NOT NULL,
	`technician_notes` text NOT NULL
);
CREATE INDEX `idx_rma_repair_work_rma_number` ON `rma_repair_work`(`rma_number`);

-- +goose Down
DROP TABLE `rma_repair_work`;
ALTER TABLE `rma_rmas` DROP COLUMN `return_tracking_number`;
ALTER TABLE `rma_events` DROP COLUMN `note`;
ALTER TABLE `rma_events` DROP COLUMN `actor`;
ALTER TABLE `rma_events` DROP COLUMN `status`;
