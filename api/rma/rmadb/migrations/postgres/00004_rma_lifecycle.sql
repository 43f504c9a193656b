-- +goose Up
-- The status timeline: an event says which status it moved the RMA to (none for a label, say),
-- who made it (a subject or "system") and what they wrote for the customer.
ALTER TABLE "rma_events" ADD COLUMN "status" varchar(30) NOT NULL DEFAULT '';
ALTER TABLE "rma_events" ADD COLUMN "actor" varchar(100) NOT NULL DEFAULT '';
ALTER TABLE "rma_events" ADD COLUMN "note" varchar(500) NOT NULL DEFAULT '';
-- Events written before actors were kept: the customer created and cancelled, the rest was the
-- portal's own doing.
UPDATE "rma_events" SET "actor" = r."owner" FROM "rma_rmas" r
	WHERE r."number" = "rma_events"."rma_number" AND "rma_events"."kind" IN ('created', 'cancelled');
UPDATE "rma_events" SET "actor" = 'system' WHERE "actor" = '';

-- The carrier's number of the unit's way back.
ALTER TABLE "rma_rmas" ADD COLUMN "return_tracking_number" varchar(40) NOT NULL DEFAULT '';

-- What was done to a unit, for its repair summary; one entry per transition that recorded it.
CREATE TABLE "rma_repair_work" (
	"id" bigserial,
	"rma_number" varchar(20) NOT NULL,
	"at" timestamptz NOT NULL,
	"actor" varchar(100) NOT NULL,
	"status" varchar(30) NOT NULL,
	"parts_replaced" varchar(2000) NOT NULL,
	"work_performed" varchar(2000) NOT NULL,
	"technician_notes" varchar(2000) NOT NULL,
	PRIMARY KEY ("id")
);
CREATE INDEX "idx_rma_repair_work_rma_number" ON "rma_repair_work" ("rma_number");

-- +goose Down
DROP TABLE "rma_repair_work";
ALTER TABLE "rma_rmas" DROP COLUMN "return_tracking_number";
ALTER TABLE "rma_events" DROP COLUMN "note";
ALTER TABLE "rma_events" DROP COLUMN "actor";
ALTER TABLE "rma_events" DROP COLUMN "status";
