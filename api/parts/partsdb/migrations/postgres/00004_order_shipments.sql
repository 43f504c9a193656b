-- +goose Up
-- Depot staff ship paid parts orders (issue 29): the carrier, tracking number, when and who,
-- one row per order (the key keeps a second shipment of one order out).
CREATE TABLE "parts_order_shipments" (
	"order_id" varchar(12),
	"carrier" varchar(50) NOT NULL,
	"tracking_number" varchar(60) NOT NULL,
	"shipped_at" timestamptz NOT NULL,
	"shipped_by" varchar(100) NOT NULL,
	PRIMARY KEY ("order_id")
);

-- +goose Down
DROP TABLE "parts_order_shipments";
