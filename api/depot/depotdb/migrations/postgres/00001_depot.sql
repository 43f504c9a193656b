-- +goose Up
CREATE TABLE "depot_receipts" (
	"rma_number" varchar(20),
	"serial" varchar(50) NOT NULL,
	"photos" text NOT NULL,
	"notes" varchar(500) NOT NULL,
	"actor" varchar(100) NOT NULL,
	"at" timestamptz NOT NULL,
	PRIMARY KEY ("rma_number")
);
CREATE TABLE "depot_flags" (
	"id" bigserial,
	"kind" varchar(30) NOT NULL,
	"rma_number" varchar(20) NOT NULL,
	"serial" varchar(50) NOT NULL,
	"expected" varchar(50) NOT NULL,
	"detail" varchar(500) NOT NULL,
	"actor" varchar(100) NOT NULL,
	"at" timestamptz NOT NULL,
	PRIMARY KEY ("id")
);
CREATE INDEX "idx_depot_flags_rma" ON "depot_flags" ("rma_number");
CREATE TABLE "depot_audit" (
	"id" bigserial,
	"at" timestamptz NOT NULL,
	"actor" varchar(100) NOT NULL,
	"actor_email" varchar(254) NOT NULL,
	"action" varchar(40) NOT NULL,
	"rma_number" varchar(20) NOT NULL,
	"from_status" varchar(30) NOT NULL,
	"to_status" varchar(30) NOT NULL,
	"detail" varchar(500) NOT NULL,
	PRIMARY KEY ("id")
);
CREATE INDEX "idx_depot_audit_rma" ON "depot_audit" ("rma_number");

-- +goose Down
DROP TABLE "depot_audit";
DROP TABLE "depot_flags";
DROP TABLE "depot_receipts";
