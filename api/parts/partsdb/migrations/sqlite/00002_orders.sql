-- +goose Up
-- Parts orders (batches, rmaBatchId PB-nnnnnn): the order with its contact, address, payment and
-- total; its lines, priced when ordered; the video units a line is for; the idempotency keys
-- that placed them; and the counter that hands out their ids.
CREATE TABLE `parts_orders` (
	`id` text,
	`kind` text NOT NULL,
	`owner` text NOT NULL,
	`org` text NOT NULL,
	`ordered_by_name` text NOT NULL,
	`status` text NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text NOT NULL,
	`phone_country_code` text NOT NULL,
	`company` text NOT NULL,
	`position` text NOT NULL,
	`line1` text NOT NULL,
	`line2` text NOT NULL,
	`city` text NOT NULL,
	`state` text NOT NULL,
	`country` text NOT NULL,
	`postal_code` text NOT NULL,
	`payment_method` text NOT NULL,
	`customer_po` text NOT NULL,
	`total_cents` integer NOT NULL,
	`currency` text NOT NULL,
	`quote_id` text NOT NULL,
	`created_at` datetime NOT NULL,
	`updated_at` datetime NOT NULL,
	PRIMARY KEY (`id`)
);
CREATE INDEX `parts_orders_owner` ON `parts_orders` (`owner`,`created_at`);
CREATE INDEX `parts_orders_org` ON `parts_orders` (`org`,`created_at`);
CREATE TABLE `parts_order_lines` (
	`order_id` text,
	`line_no` integer,
	`part_number` text NOT NULL,
	`description` text NOT NULL,
	`quantity` integer NOT NULL,
	`unit_price_cents` integer NOT NULL,
	`line_total_cents` integer NOT NULL,
	`currency` text NOT NULL,
	`model` text NOT NULL,
	`search_serial` text NOT NULL,
	PRIMARY KEY (`order_id`,`line_no`)
);
CREATE TABLE `parts_order_serials` (
	`order_id` text,
	`line_no` integer,
	`serial` text,
	PRIMARY KEY (`order_id`,`line_no`,`serial`)
);
CREATE INDEX `parts_order_serials_serial` ON `parts_order_serials` (`serial`);
CREATE TABLE `parts_order_keys` (
	`owner` text,
	`idempotency_key` text,
	`order_id` text NOT NULL,
	PRIMARY KEY (`owner`,`idempotency_key`)
);
CREATE TABLE `parts_counters` (
	`name` text,
	`value` integer NOT NULL,
	PRIMARY KEY (`name`)
);
INSERT INTO `parts_counters` (`name`,`value`) VALUES ('order',100000) ON CONFLICT DO NOTHING;

-- +goose Down
DROP TABLE `parts_counters`;
DROP TABLE `parts_order_keys`;
DROP TABLE `parts_order_serials`;
DROP TABLE `parts_order_lines`;
DROP TABLE `parts_orders`;
