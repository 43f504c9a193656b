-- +goose Up
-- The sign-in throttle: failed attempts, lockouts and the next moment an attempt is read, per
-- e-mail ("account:") and per client address ("client:"), each key a SHA-256 in hex.
CREATE TABLE `idp_sign_in_throttles` (
	`throttle_key` text,
	`failures` integer NOT NULL,
	`lockouts` integer NOT NULL,
	`not_before` datetime,
	`last_failure` datetime,
	`expires_at` datetime NOT NULL,
	PRIMARY KEY (`throttle_key`)
);
CREATE INDEX `idx_idp_sign_in_throttles_expires_at` ON `idp_sign_in_throttles`(`expires_at`);

-- +goose Down
DROP TABLE `idp_sign_in_throttles`;
