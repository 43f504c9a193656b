-- +goose Up
-- The parts catalogue and the models each part fits.
CREATE TABLE "parts_catalogue" (
	"part_number" varchar(40),
	"description" varchar(300) NOT NULL,
	"price_cents" bigint NOT NULL,
	"currency" varchar(3) NOT NULL,
	"availability" varchar(20) NOT NULL,
	"image_path" varchar(300) NOT NULL,
	"high_value" boolean NOT NULL,
	PRIMARY KEY ("part_number")
);
CREATE TABLE "parts_fits" (
	"part_number" varchar(40),
	"model" varchar(30),
	"family" varchar(30) NOT NULL,
	PRIMARY KEY ("part_number","model")
);
CREATE INDEX "parts_fits_model" ON "parts_fits" ("model");

-- +goose Down
DROP TABLE "parts_fits";
DROP TABLE "parts_catalogue";
