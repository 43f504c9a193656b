-- +goose Up
-- Units customers registered as theirs (product registration): one row per unit, the first to
-- prove its purchase owns it. Members of the registrant's organization see it too (org, "" for
-- none). The proof of purchase is an uploads file, named by its key.
CREATE TABLE `rma_unit_registrations` (
	`serial` text,
	`owner` text NOT NULL,
	`org` text NOT NULL DEFAULT "",
	`purchase_date` text NOT NULL,
	`proof_file_id` text NOT NULL,
	`registered_at` datetime NOT NULL,
	PRIMARY KEY (`serial`)
);
CREATE INDEX `idx_rma_unit_registrations_owner` ON `rma_unit_registrations`(`owner`);
CREATE INDEX `idx_rma_unit_registrations_org` ON `rma_unit_registrations`(`org`);

-- +goose Down
DROP TABLE `rma_unit_registrations`;
