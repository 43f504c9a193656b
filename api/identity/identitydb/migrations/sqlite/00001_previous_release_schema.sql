-- +goose Up
-- The schema the release before versioned migrations made with gorm's AutoMigrate, statement for
-- statement, made idempotent (IF NOT EXISTS, ON CONFLICT DO NOTHING): a database that release
-- created upgrades in place and keeps its rows. No Down: undoing it would drop them.
-- DEFAULT "" is gorm's spelling; SQLite reads it as the empty string.
CREATE TABLE IF NOT EXISTS `idp_users` (
	`id` text,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`first_name` text NOT NULL DEFAULT "",
	`last_name` text NOT NULL DEFAULT "",
	`company` text NOT NULL DEFAULT "",
	`position` text NOT NULL DEFAULT "",
	`phone` text NOT NULL DEFAULT "",
	`phone_country_code` text NOT NULL DEFAULT "",
	`ship_line1` text NOT NULL DEFAULT "",
	`ship_line2` text NOT NULL DEFAULT "",
	`ship_city` text NOT NULL DEFAULT "",
	`ship_state` text NOT NULL DEFAULT "",
	`ship_country` text NOT NULL DEFAULT "",
	`ship_postal_code` text NOT NULL DEFAULT "",
	`org_name` text NOT NULL DEFAULT "",
	`flat_discount_percentage` real NOT NULL DEFAULT 0,
	`created_at` datetime,
	`updated_at` datetime,
	PRIMARY KEY (`id`)
);
CREATE UNIQUE INDEX IF NOT EXISTS `idx_idp_users_email` ON `idp_users`(`email`);
CREATE TABLE IF NOT EXISTS `idp_user_roles` (
	`user_id` text,
	`role` text,
	PRIMARY KEY (`user_id`,`role`)
);
CREATE TABLE IF NOT EXISTS `idp_auth_requests` (
	`id` text,
	`client_id` text NOT NULL,
	`redirect_uri` text NOT NULL,
	`scopes` text NOT NULL,
	`state` text NOT NULL DEFAULT "",
	`nonce` text NOT NULL DEFAULT "",
	`response_type` text NOT NULL,
	`response_mode` text NOT NULL DEFAULT "",
	`code_challenge` text NOT NULL DEFAULT "",
	`code_challenge_method` text NOT NULL DEFAULT "",
	`prompt` text NOT NULL DEFAULT "",
	`max_age_seconds` integer,
	`login_hint` text NOT NULL DEFAULT "",
	`user_id` text NOT NULL DEFAULT "",
	`auth_time` datetime,
	`amr` text NOT NULL DEFAULT "",
	`done` numeric NOT NULL DEFAULT false,
	`code_hash` text,
	`code_issued_at` datetime,
	`created_at` datetime NOT NULL,
	PRIMARY KEY (`id`)
);
CREATE INDEX IF NOT EXISTS `idx_idp_auth_requests_created_at` ON `idp_auth_requests`(`created_at`);
CREATE UNIQUE INDEX IF NOT EXISTS `idx_idp_auth_requests_code_hash` ON `idp_auth_requests`(`code_hash`);
CREATE TABLE IF NOT EXISTS `idp_access_tokens` (
	`id` text,
	`user_id` text NOT NULL,
	`client_id` text NOT NULL,
	`scopes` text NOT NULL,
	`audience` text NOT NULL,
	`refresh_token_id` text NOT NULL DEFAULT "",
	`expires_at` datetime NOT NULL,
	`created_at` datetime NOT NULL,
	PRIMARY KEY (`id`)
);
CREATE INDEX IF NOT EXISTS `idx_idp_access_tokens_expires_at` ON `idp_access_tokens`(`expires_at`);
CREATE INDEX IF NOT EXISTS `idx_idp_access_tokens_user_client` ON `idp_access_tokens`(`user_id`,`client_id`);
CREATE TABLE IF NOT EXISTS `idp_refresh_tokens` (
	`id` text,
	`token_hash` text NOT NULL,
	`user_id` text NOT NULL,
	`client_id` text NOT NULL,
	`scopes` text NOT NULL,
	`audience` text NOT NULL,
	`amr` text NOT NULL DEFAULT "",
	`auth_time` datetime NOT NULL,
	`expires_at` datetime NOT NULL,
	`created_at` datetime NOT NULL,
	PRIMARY KEY (`id`)
);
CREATE INDEX IF NOT EXISTS `idx_idp_refresh_tokens_expires_at` ON `idp_refresh_tokens`(`expires_at`);
CREATE INDEX IF NOT EXISTS `idx_idp_refresh_tokens_user_client` ON `idp_refresh_tokens`(`user_id`,`client_id`);
CREATE UNIQUE INDEX IF NOT EXISTS `idx_idp_refresh_tokens_token_hash` ON `idp_refresh_tokens`(`token_hash`);
CREATE TABLE IF NOT EXISTS `idp_sessions` (
	`token_hash` text,
	`user_id` text NOT NULL,
	`auth_time` datetime NOT NULL,
	`expires_at` datetime NOT NULL,
	`created_at` datetime NOT NULL,
	PRIMARY KEY (`token_hash`)
);
CREATE INDEX IF NOT EXISTS `idx_idp_sessions_expires_at` ON `idp_sessions`(`expires_at`);
CREATE INDEX IF NOT EXISTS `idx_idp_sessions_user_id` ON `idp_sessions`(`user_id`);
