-- +goose Up
-- Quotes (saved and service) and the log of provider webhook events already handled.
CREATE TABLE "payments_quotes" (
	"id" varchar(20),
	"kind" varchar(10) NOT NULL,
	"owner" varchar(100) NOT NULL,
	"rma_number" varchar(20) NOT NULL,
	"serial" varchar(50) NOT NULL,
	"reference" varchar(40) NOT NULL,
	"amount_cents" bigint NOT NULL,
	"currency" varchar(3) NOT NULL,
	"status" varchar(12) NOT NULL,
	"note" text NOT NULL,
	"issued_by" varchar(100) NOT NULL,
	"saved" text NOT NULL,
	"expires_at" timestamptz NOT NULL,
	"created_at" timestamptz NOT NULL,
	"updated_at" timestamptz NOT NULL,
	PRIMARY KEY ("id")
);
CREATE INDEX "payments_quotes_owner_created" ON "payments_quotes" ("owner","created_at");
CREATE INDEX "idx_payments_quotes_rma_number" ON "payments_quotes" ("rma_number");
CREATE TABLE "payments_events" (
	"provider" varchar(20),
	"event_id" varchar(100),
	"received_at" timestamptz NOT NULL,
	PRIMARY KEY ("provider","event_id")
);

-- +goose Down
DROP TABLE "payments_events";
DROP TABLE "payments_quotes";
