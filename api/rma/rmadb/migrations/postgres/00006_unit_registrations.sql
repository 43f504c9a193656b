-- +goose Up
-- Units customers registered as theirs (product registration): one row per unit, the first to
-- prove its purchase owns it. Members of the registrant's organization see it too (org, '' for
-- none). The proof of purchase is an uploads file, named by its key.
CREATE TABLE "rma_unit_registrations" (
	"serial" varchar(50),
	"owner" varchar(100) NOT NULL,
	"org" varchar(100) NOT NULL DEFAULT '',
	"purchase_date" varchar(10) NOT NULL,
	"proof_file_id" varchar(100) NOT NULL,
	"registered_at" timestamptz NOT NULL,
	PRIMARY KEY ("serial")
);
CREATE INDEX "idx_rma_unit_registrations_owner" ON "rma_unit_registrations" ("owner");
CREATE INDEX "idx_rma_unit_registrations_org" ON "rma_unit_registrations" ("org");

-- +goose Down
DROP TABLE "rma_unit_registrations";
