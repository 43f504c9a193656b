-- +goose Up
-- A technician's diagnosis of a received unit (rma.Diagnoses): its findings and priced line items
-- as JSON (read and written with their diagnosis only), the amounts in cents of currency, the
-- revised quote it issued (quote_id, NULL when the work is covered) and the customer's decision
-- on it (decision_*, NULL until decided; fee_quote_id is the return fee's quote). reminders counts
-- the reminders e-mailed about an undecided quote, so each goes once whatever process sends it.
CREATE TABLE `rma_diagnoses` (
	`rma_number` text,
	`at` datetime NOT NULL,
	`actor` text NOT NULL,
	`outcome` text NOT NULL,
	`findings` text NOT NULL,
	`technician_note` text NOT NULL,
	`line_items` text NOT NULL,
	`currency` text NOT NULL,
	`total_cents` integer NOT NULL,
	`already_paid_cents` integer NOT NULL,
	`amount_due_cents` integer NOT NULL,
	`return_fee_cents` integer NOT NULL,
	`quote_id` text,
	`decide_by` datetime,
	`decision_choice` text,
	`decision_at` datetime,
	`decision_actor` text,
	`decision_method` text,
	`decision_paid` numeric NOT NULL DEFAULT false,
	`fee_quote_id` text,
	`reminders` integer NOT NULL DEFAULT 0,
	PRIMARY KEY (`rma_number`)
);
CREATE INDEX `idx_rma_diagnoses_quote_id` ON `rma_diagnoses`(`quote_id`);
CREATE INDEX `idx_rma_diagnoses_fee_quote_id` ON `rma_diagnoses`(`fee_quote_id`);

-- +goose Down
DROP TABLE `rma_diagnoses`;
