-- +goose Up
-- A technician's diagnosis of a received unit (rma.Diagnoses): its findings and priced line items
-- as JSON (read and written with their diagnosis only), the amounts in cents of currency, the
-- revised quote it issued (quote_id, NULL when the work is covered) and the customer's decision
-- on it (decision_*, NULL until decided; fee_quote_id is the return fee's quote). reminders counts
-- the reminders e-mailed about an undecided quote, so each goes once whatever process sends it.
CREATE TABLE "rma_diagnoses" (
	"rma_number" varchar(20),
	"at" timestamptz NOT NULL,
	"actor" varchar(100) NOT NULL,
	"outcome" varchar(20) NOT NULL,
	"findings" text NOT NULL,
	"technician_note" varchar(1000) NOT NULL,
	"line_items" text NOT NULL,
	"currency" varchar(3) NOT NULL,
	"total_cents" bigint NOT NULL,
	"already_paid_cents" bigint NOT NULL,
	"amount_due_cents" bigint NOT NULL,
	"return_fee_cents" bigint NOT NULL,
	"quote_id" varchar(40),
	"decide_by" timestamptz,
	"decision_choice" varchar(20),
	"decision_at" timestamptz,
	"decision_actor" varchar(100),
	"decision_method" varchar(20),
	"decision_paid" boolean NOT NULL DEFAULT false,
	"fee_quote_id" varchar(40),
	"reminders" bigint NOT NULL DEFAULT 0,
	PRIMARY KEY ("rma_number")
);
CREATE INDEX "idx_rma_diagnoses_quote_id" ON "rma_diagnoses" ("quote_id");
CREATE INDEX "idx_rma_diagnoses_fee_quote_id" ON "rma_diagnoses" ("fee_quote_id");

-- +goose Down
DROP TABLE "rma_diagnoses";
