-- +goose Up
-- Parts orders (batches, rmaBatchId PB-nnnnnn): the order with its contact, address, payment and
-- total; its lines, priced when ordered; the video units a line is for; the idempotency keys
-- that placed them; and the counter that hands out their ids.
CREATE TABLE "parts_orders" (
	"id" varchar(12),
	"kind" varchar(10) NOT NULL,
	"owner" varchar(100) NOT NULL,
	"org" varchar(100) NOT NULL,
	"ordered_by_name" varchar(100) NOT NULL,
	"status" varchar(20) NOT NULL,
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
	"payment_method" varchar(10) NOT NULL,
	"customer_po" varchar(50) NOT NULL,
	"total_cents" bigint NOT NULL,
	"currency" varchar(3) NOT NULL,
	"quote_id" varchar(20) NOT NULL,
	"created_at" timestamptz NOT NULL,
	"updated_at" timestamptz NOT NULL,
	PRIMARY KEY ("id")
);
CREATE INDEX "parts_orders_owner" ON "parts_orders" ("owner","created_at");
CREATE INDEX "parts_orders_org" ON "parts_orders" ("org","created_at");
CREATE TABLE "parts_order_lines" (
	"order_id" varchar(12),
	"line_no" bigint,
	"part_number" varchar(40) NOT NULL,
	"description" varchar(300) NOT NULL,
	"quantity" bigint NOT NULL,
	"unit_price_cents" bigint NOT NULL,
	"line_total_cents" bigint NOT NULL,
	"currency" varchar(3) NOT NULL,
	"model" varchar(30) NOT NULL,
	"search_serial" varchar(50) NOT NULL,
	PRIMARY KEY ("order_id","line_no")
);
CREATE TABLE "parts_order_serials" (
	"order_id" varchar(12),
	"line_no" bigint,
	"serial" varchar(50),
	PRIMARY KEY ("order_id","line_no","serial")
);
CREATE INDEX "parts_order_serials_serial" ON "parts_order_serials" ("serial");
CREATE TABLE "parts_order_keys" (
	"owner" varchar(100),
	"idempotency_key" varchar(100),
	"order_id" varchar(12) NOT NULL,
	PRIMARY KEY ("owner","idempotency_key")
);
CREATE TABLE "parts_counters" (
	"name" varchar(20),
	"value" bigint NOT NULL,
	PRIMARY KEY ("name")
);
INSERT INTO "parts_counters" ("name","value") VALUES ('order',100000) ON CONFLICT DO NOTHING;

-- +goose Down
DROP TABLE "parts_counters";
DROP TABLE "parts_order_keys";
DROP TABLE "parts_order_serials";
DROP TABLE "parts_order_lines";
DROP TABLE "parts_orders";
