-- +goose Up
-- Fleet batches (issue 30): a batch (BT- and 8 Crockford base32 characters) with its owner,
-- organization, contact, address, packaging, combined quote, worker lease and documents; its
-- rows as submitted, with what the pre-flight found and what became of each. An owner's
-- idempotency key submits one batch (the unique index).
CREATE TABLE "batch_batches" (
	"id" varchar(11),
	"owner" varchar(100) NOT NULL,
	"org" varchar(100) NOT NULL,
	"created_by" varchar(100) NOT NULL,
	"idempotency_key" varchar(100) NOT NULL,
	"first_name" varchar(35) NOT NULL,
	"last_name" varchar(35) NOT NULL,
	"email" varchar(254) NOT NULL,
	"phone" varchar(25) NOT NULL,
	"phone_country_code" varchar(5) NOT NULL,
	"company" varchar(35) NOT NULL,
	"position" varchar(35) NOT NULL,
	"line1" varchar(100) NOT NULL,
	"line2" varchar(100) NOT NULL,
	"city" varchar(100) NOT NULL,
	"state" varchar(50) NOT NULL,
	"country" varchar(2) NOT NULL,
	"postal_code" varchar(20) NOT NULL,
	"packaging_kind" varchar(15) NOT NULL,
	"units_per_box" bigint NOT NULL,
	"boxes" bigint NOT NULL,
	"acknowledge_hdd_backup" boolean NOT NULL,
	"acknowledge_click_wrap" boolean NOT NULL,
	"quote_id" varchar(20) NOT NULL,
	"quote_cents" bigint NOT NULL,
	"currency" varchar(3) NOT NULL,
	"quote_status" varchar(10) NOT NULL,
	"pay_method" varchar(10) NOT NULL,
	"customer_po" varchar(50) NOT NULL,
	"quote_expires_at" timestamptz,
	"document_id" varchar(64) NOT NULL,
	"lease_until" timestamptz,
	"finished_at" timestamptz,
	"created_at" timestamptz NOT NULL,
	"updated_at" timestamptz NOT NULL,
	PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "batch_batches_key" ON "batch_batches" ("owner","idempotency_key");
CREATE INDEX "batch_batches_owner" ON "batch_batches" ("owner","created_at");
CREATE INDEX "batch_batches_org" ON "batch_batches" ("org","created_at");
CREATE INDEX "batch_batches_unfinished" ON "batch_batches" ("finished_at","created_at");
CREATE TABLE "batch_rows" (
	"batch_id" varchar(11),
	"idx" bigint,
	"serial" text NOT NULL,
	"fault" text NOT NULL,
	"problem" text NOT NULL,
	"notes" text NOT NULL,
	"customer_reference" text NOT NULL,
	"asset_tag" text NOT NULL,
	"branch" text NOT NULL,
	"has_data" boolean,
	"camera" boolean NOT NULL,
	"model" varchar(30) NOT NULL,
	"entitlement" varchar(20) NOT NULL,
	"price_cents" bigint,
	"currency" varchar(3) NOT NULL,
	"status" varchar(20) NOT NULL,
	"rma_number" varchar(20) NOT NULL,
	"box" bigint NOT NULL,
	"tracking_number" varchar(64) NOT NULL,
	"reasons" text NOT NULL,
	PRIMARY KEY ("batch_id","idx")
);
CREATE INDEX "batch_rows_status" ON "batch_rows" ("batch_id","status");

-- +goose Down
DROP TABLE "batch_rows";
DROP TABLE "batch_batches";
