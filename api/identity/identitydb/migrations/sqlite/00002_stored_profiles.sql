-- +goose Up
-- The contact and shipping address a user saves in account settings, for any provider's users
-- (keyed by token subject); it wins over the provider's claims in /me.
CREATE TABLE `idp_stored_profiles` (
	`subject` text,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`company` text NOT NULL,
	`position` text NOT NULL,
	`phone` text NOT NULL,
	`phone_country_code` text NOT NULL,
	`ship_line1` text NOT NULL,
	`ship_line2` text NOT NULL,
	`ship_city` text NOT NULL,
	`ship_state` text NOT NULL,
	`ship_country` text NOT NULL,
	`ship_postal_code` text NOT NULL,
	`saved_at` datetime NOT NULL,
	PRIMARY KEY (`subject`)
);

-- +goose Down
DROP TABLE `idp_stored_profiles`;
