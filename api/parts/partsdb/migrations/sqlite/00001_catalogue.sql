-- +goose Up
-- The parts catalogue and the models each part fits.
CREATE TABLE `parts_catalogue` (
	`part_number` text,
	`description` text NOT NULL,
	`price_cents` integer NOT NULL,
	`currency` text NOT NULL,
	`availability` text NOT NULL,
	`image_path` text NOT NULL,
	`high_value` numeric NOT NULL,
	PRIMARY KEY (`part_number`)
);
CREATE TABLE `parts_fits` (
	`part_number` text,
	`model` text,
	`family` text NOT NULL,
	PRIMARY KEY (`part_number`,`model`)
);
CREATE INDEX `parts_fits_model` ON `parts_fits`(`model`);

-- +goose Down
DROP TABLE `parts_fits`;
DROP TABLE `parts_catalogue`;
