-- +goose Up
CREATE TABLE `depot_receipts` (
	`rma_number` text,
	`serial` text NOT NULL,
	`photos` text NOT NULL,
	`notes` text NOT NULL,
	`actor` text NOT NULL,
	`at` datetime NOT NULL,
	PRIMARY KEY (`rma_number`)
);
CREATE TABLE `depot_flags` (
	`id` integer PRIMARY KEY AUTOINCREMENT,
	`kind` text NOT NULL,
	`rma_number` text NOT NULL,
	`serial` text NOT NULL,
	`expected` text NOT NULL,
	`detail` text NOT NULL,
	`actor` text NOT NULL,
	`at` datetime NOT NULL
);
CREATE INDEX `idx_depot_flags_rma` ON `depot_flags`(`rma_number`);
CREATE TABLE `depot_audit` (
	`id` integer PRIMARY KEY AUTOINCREMENT,
	`at` datetime NOT NULL,
	`actor` text NOT NULL,
	`actor_email` text NOT NULL,
	`action` text NOT NULL,
	`rma_number` text NOT NULL,
	`from_status` text NOT NULL,
	`to_status` text NOT NULL,
	`detail` text NOT NULL
);
CREATE INDEX `idx_depot_audit_rma` ON `depot_audit`(`rma_number`);

-- +goose Down
DROP TABLE `depot_audit`;
DROP TABLE `depot_flags`;
DROP TABLE `depot_receipts`;
