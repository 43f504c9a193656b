-- +goose Up
-- The schema the release before versioned migrations made with gorm's AutoMigrate, statement for
-- statement, made idempotent (IF NOT EXISTS, ON CONFLICT DO NOTHING): a database that release
-- created upgrades in place and keeps its rows. No Down: undoing it would drop them.
CREATE TABLE IF NOT EXISTS "rma_units" (
	"serial" varchar(50),
	"model" varchar(30) NOT NULL DEFAULT '',
	"model_family" varchar(30) NOT NULL DEFAULT '',
	"part_number" varchar(40) NOT NULL DEFAULT '',
	"product_type" varchar(20) NOT NULL DEFAULT '',
	"allow_oow" boolean NOT NULL DEFAULT false,
	"allowed_repair_types" varchar(100) NOT NULL DEFAULT 'STANDARD',
	"open_rma_number" varchar(20) NOT NULL DEFAULT '',
	"warranty_end" varchar(10),
	"warranty_type" varchar(30) NOT NULL DEFAULT '',
	"end_of_service" boolean NOT NULL DEFAULT false,
	"updated_at" timestamptz,
	PRIMARY KEY ("serial")
);
CREATE TABLE IF NOT EXISTS "rma_rmas" (
	"number" varchar(20),
	"owner" varchar(100) NOT NULL,
	"serial" varchar(50) NOT NULL,
	"model" varchar(30) NOT NULL,
	"part_number" varchar(40) NOT NULL,
	"rma_type" varchar(20) NOT NULL,
	"status" varchar(30) NOT NULL,
	"primary_fault" varchar(100) NOT NULL,
	"problem" varchar(200) NOT NULL,
	"problem_price" decimal NOT NULL,
	"initial_notes" varchar(1000) NOT NULL,
	"customer_reference" varchar(50) NOT NULL,
	"asset_tag" varchar(20) NOT NULL,
	"reimage" boolean NOT NULL,
	"bios_firmware" boolean NOT NULL,
	"windows_user" text NOT NULL,
	"windows_password" text NOT NULL,
	"bios_password" text NOT NULL,
	"has_device_data" boolean,
	"ack_click_wrap" boolean NOT NULL,
	"ack_hdd_backup" boolean NOT NULL,
	"acc_ac_power" boolean NOT NULL,
	"acc_storage" boolean NOT NULL,
	"acc_hard_case" boolean NOT NULL,
	"acc_battery" boolean NOT NULL,
	"contact_first_name" varchar(35) NOT NULL,
	"contact_last_name" varchar(35) NOT NULL,
	"contact_email" varchar(254) NOT NULL,
	"contact_phone" varchar(25) NOT NULL,
	"contact_phone_cc" varchar(2) NOT NULL,
	"contact_company" varchar(35) NOT NULL,
	"contact_position" varchar(35) NOT NULL,
	"ship_line1" varchar(35) NOT NULL,
	"ship_line2" varchar(35) NOT NULL,
	"ship_city" varchar(35) NOT NULL,
	"ship_state" varchar(35) NOT NULL,
	"ship_country" varchar(35) NOT NULL,
	"ship_postal_code" varchar(12) NOT NULL,
	"have_packaging" boolean NOT NULL,
	"request_box" boolean NOT NULL,
	"forgo_shipping" boolean NOT NULL,
	"shipping_method" varchar(20) NOT NULL,
	"tpm" varchar(20) NOT NULL DEFAULT '',
	"label_id" varchar(64) NOT NULL DEFAULT '',
	"invoice_id" varchar(64) NOT NULL DEFAULT '',
	"tracking_number" varchar(40) NOT NULL DEFAULT '',
	"shipping_error" varchar(300) NOT NULL DEFAULT '',
	"created_at" timestamptz,
	"updated_at" timestamptz,
	PRIMARY KEY ("number")
);
CREATE INDEX IF NOT EXISTS "idx_rma_rmas_serial" ON "rma_rmas" ("serial");
CREATE INDEX IF NOT EXISTS "idx_rma_rmas_owner" ON "rma_rmas" ("owner");
CREATE TABLE IF NOT EXISTS "rma_lines" (
	"id" bigserial,
	"rma_number" varchar(20) NOT NULL,
	"kind" varchar(20) NOT NULL,
	"description" varchar(200) NOT NULL,
	"serial" varchar(50) NOT NULL,
	"part_number" varchar(40) NOT NULL,
	"price" decimal,
	PRIMARY KEY ("id")
);
CREATE INDEX IF NOT EXISTS "idx_rma_lines_rma_number" ON "rma_lines" ("rma_number");
CREATE TABLE IF NOT EXISTS "rma_events" (
	"id" bigserial,
	"rma_number" varchar(20) NOT NULL,
	"at" timestamptz NOT NULL,
	"kind" varchar(40) NOT NULL,
	"detail" varchar(500) NOT NULL,
	PRIMARY KEY ("id")
);
CREATE INDEX IF NOT EXISTS "idx_rma_events_rma_number" ON "rma_events" ("rma_number");
CREATE TABLE IF NOT EXISTS "rma_idempotency_keys" (
	"owner" varchar(100),
	"key" varchar(100),
	"rma_number" varchar(20) NOT NULL,
	"created_at" timestamptz,
	PRIMARY KEY ("owner","key")
);
CREATE TABLE IF NOT EXISTS "rma_counters" (
	"name" varchar(20),
	"value" bigint NOT NULL,
	PRIMARY KEY ("name")
);
CREATE TABLE IF NOT EXISTS "rma_repair_options" (
	"id" bigserial,
	"model" varchar(30) NOT NULL,
	"rma_type" varchar(20) NOT NULL,
	"fault" varchar(100) NOT NULL,
	"problem" varchar(200) NOT NULL,
	"price" decimal NOT NULL,
	"tip" varchar(500) NOT NULL,
	"sort_order" bigint NOT NULL,
	PRIMARY KEY ("id")
);
CREATE INDEX IF NOT EXISTS "idx_rma_options_model" ON "rma_repair_options" ("model","rma_type");
INSERT INTO "rma_counters" ("name","value") VALUES ('rma',100500) ON CONFLICT DO NOTHING;
