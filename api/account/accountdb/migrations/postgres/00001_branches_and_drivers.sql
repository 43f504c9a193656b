-- +goose Up
-- Organizations' branches (ship-from addresses with a contact) and the driver catalogue.
CREATE TABLE "account_branches" (
	"id" varchar(40),
	"org" varchar(200) NOT NULL,
	"name" varchar(100) NOT NULL,
	"line1" varchar(100) NOT NULL,
	"line2" varchar(100) NOT NULL,
	"city" varchar(100) NOT NULL,
	"state" varchar(100) NOT NULL,
	"country" varchar(100) NOT NULL,
	"postal_code" varchar(20) NOT NULL,
	"contact_first_name" varchar(100) NOT NULL,
	"contact_last_name" varchar(100) NOT NULL,
	"contact_email" varchar(254) NOT NULL,
	"contact_phone" varchar(32) NOT NULL,
	"contact_phone_country_code" varchar(2) NOT NULL,
	"created_at" timestamptz NOT NULL,
	"updated_at" timestamptz NOT NULL,
	PRIMARY KEY ("id")
);
CREATE INDEX "account_branches_org_name" ON "account_branches" ("org","name");
CREATE TABLE "account_drivers" (
	"id" varchar(40),
	"model" varchar(30) NOT NULL,
	"model_family" varchar(30) NOT NULL,
	"name" varchar(120) NOT NULL,
	"category" varchar(40) NOT NULL,
	"os" varchar(60) NOT NULL,
	"version" varchar(40) NOT NULL,
	"release_date" timestamptz NOT NULL,
	"release_notes" text NOT NULL,
	"file_name" varchar(200) NOT NULL,
	"size" bigint NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"blob_key" varchar(300) NOT NULL,
	PRIMARY KEY ("id")
);
CREATE INDEX "idx_account_drivers_model" ON "account_drivers" ("model");

-- +goose Down
DROP TABLE "account_drivers";
DROP TABLE "account_branches";
