-- +goose Up
-- The repair staff recorded on a unit (depot.Service.Repair): the work and its QA checklist (JSON
-- [{check, passed}]), one per RMA. A repaired unit ships back only once it has one.
CREATE TABLE "depot_repairs" (
	"rma_number" varchar(20),
	"parts_replaced" varchar(2000) NOT NULL,
	"work_performed" varchar(2000) NOT NULL,
	"qa" text NOT NULL,
	"actor" varchar(100) NOT NULL,
	"at" timestamptz NOT NULL,
	PRIMARY KEY ("rma_number")
);

-- +goose Down
DROP TABLE "depot_repairs";
