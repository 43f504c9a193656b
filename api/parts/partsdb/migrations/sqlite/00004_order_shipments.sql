-- +goose Up
-- Depot staff ship paid parts orders (issue 29): the carrier, tracking number, when and who,
-- one row per order (the key keeps a second shipment of one order out).
CREATE TABLE `parts_order_shipments` (
	`order_id` text,
	`carrier` text NOT NULL,
	`tracking_number` text NOT NULL,
	`shipped_at` datetime NOT NULL,
	`shipped_by` text NOT NULL,
	PRIMARY KEY (`order_id`)
);

-- +goose Down
DROP TABLE `parts_order_shipments`;
