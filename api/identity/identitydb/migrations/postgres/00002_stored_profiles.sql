-- +goose Up
-- The contact and shipping address a user saves in account settings, for any provider's users
-- (keyed by token subject); it wins over the provider's claims in /me.
CREATE TABLE "idp_stored_profiles" (
	"subject" varchar(255),
	"first_name" varchar(100) NOT NULL,
	"last_name" varchar(100) NOT NULL,
	"company" varchar(100) NOT NULL,
	"position" varchar(100) NOT NULL,
	"phone" varchar(32) NOT NULL,
	"phone_country_code" varchar(2) NOT NULL,
	"ship_line1" varchar(100) NOT NULL,
	"ship_line2" varchar(100) NOT NULL,
	"ship_city" varchar(100) NOT NULL,
	"ship_state" varchar(100) NOT NULL,
	"ship_country" varchar(2) NOT NULL,
	"ship_postal_code" varchar(20) NOT NULL,
	"saved_at" timestamptz NOT NULL,
	PRIMARY KEY ("subject")
);

-- +goose Down
DROP TABLE "idp_stored_profiles";
