-- +goose Up
-- The schema the release before versioned migrations made with gorm's AutoMigrate, statement for
-- statement, made idempotent (IF NOT EXISTS, ON CONFLICT DO NOTHING): a database that release
-- created upgrades in place and keeps its rows. No Down: undoing it would drop them.
CREATE TABLE IF NOT EXISTS "idp_users" (
	"id" varchar(64),
	"email" varchar(254) NOT NULL,
	"password_hash" varchar(100) NOT NULL,
	"first_name" varchar(100) NOT NULL DEFAULT '',
	"last_name" varchar(100) NOT NULL DEFAULT '',
	"company" varchar(100) NOT NULL DEFAULT '',
	"position" varchar(100) NOT NULL DEFAULT '',
	"phone" varchar(32) NOT NULL DEFAULT '',
	"phone_country_code" varchar(2) NOT NULL DEFAULT '',
	"ship_line1" varchar(100) NOT NULL DEFAULT '',
	"ship_line2" varchar(100) NOT NULL DEFAULT '',
	"ship_city" varchar(100) NOT NULL DEFAULT '',
	"ship_state" varchar(100) NOT NULL DEFAULT '',
	"ship_country" varchar(2) NOT NULL DEFAULT '',
	"ship_postal_code" varchar(20) NOT NULL DEFAULT '',
	"org_name" varchar(200) NOT NULL DEFAULT '',
	"flat_discount_percentage" decimal NOT NULL DEFAULT 0,
	"created_at" timestamptz,
	"updated_at" timestamptz,
	PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX IF NOT EXISTS "idx_idp_users_email" ON "idp_users" ("email");
CREATE TABLE IF NOT EXISTS "idp_user_roles" (
	"user_id" varchar(64),
	"role" varchar(200),
	PRIMARY KEY ("user_id","role")
);
CREATE TABLE IF NOT EXISTS "idp_auth_requests" (
	"id" varchar(64),
	"client_id" varchar(100) NOT NULL,
	"redirect_uri" varchar(2048) NOT NULL,
	"scopes" text NOT NULL,
	"state" text NOT NULL DEFAULT '',
	"nonce" text NOT NULL DEFAULT '',
	"response_type" varchar(50) NOT NULL,
	"response_mode" varchar(50) NOT NULL DEFAULT '',
	"code_challenge" varchar(200) NOT NULL DEFAULT '',
	"code_challenge_method" varchar(10) NOT NULL DEFAULT '',
	"prompt" varchar(100) NOT NULL DEFAULT '',
	"max_age_seconds" bigint,
	"login_hint" varchar(254) NOT NULL DEFAULT '',
	"user_id" varchar(64) NOT NULL DEFAULT '',
	"auth_time" timestamptz,
	"amr" varchar(100) NOT NULL DEFAULT '',
	"done" boolean NOT NULL DEFAULT false,
	"code_hash" varchar(64),
	"code_issued_at" timestamptz,
	"created_at" timestamptz NOT NULL,
	PRIMARY KEY ("id")
);
CREATE INDEX IF NOT EXISTS "idx_idp_auth_requests_created_at" ON "idp_auth_requests" ("created_at");
CREATE UNIQUE INDEX IF NOT EXISTS "idx_idp_auth_requests_code_hash" ON "idp_auth_requests" ("code_hash");
CREATE TABLE IF NOT EXISTS "idp_access_tokens" (
	"id" varchar(64),
	"user_id" varchar(64) NOT NULL,
	"client_id" varchar(100) NOT NULL,
	"scopes" text NOT NULL,
	"audience" text NOT NULL,
	"refresh_token_id" varchar(64) NOT NULL DEFAULT '',
	"expires_at" timestamptz NOT NULL,
	"created_at" timestamptz NOT NULL,
	PRIMARY KEY ("id")
);
CREATE INDEX IF NOT EXISTS "idx_idp_access_tokens_expires_at" ON "idp_access_tokens" ("expires_at");
CREATE INDEX IF NOT EXISTS "idx_idp_access_tokens_user_client" ON "idp_access_tokens" ("user_id","client_id");
CREATE TABLE IF NOT EXISTS "idp_refresh_tokens" (
	"id" varchar(64),
	"token_hash" varchar(64) NOT NULL,
	"user_id" varchar(64) NOT NULL,
	"client_id" varchar(100) NOT NULL,
	"scopes" text NOT NULL,
	"audience" text NOT NULL,
	"amr" varchar(100) NOT NULL DEFAULT '',
	"auth_time" timestamptz NOT NULL,
	"expires_at" timestamptz NOT NULL,
	"created_at" timestamptz NOT NULL,
	PRIMARY KEY ("id")
);
CREATE INDEX IF NOT EXISTS "idx_idp_refresh_tokens_expires_at" ON "idp_refresh_tokens" ("expires_at");
CREATE INDEX IF NOT EXISTS "idx_idp_refresh_tokens_user_client" ON "idp_refresh_tokens" ("user_id","client_id");
CREATE UNIQUE INDEX IF NOT EXISTS "idx_idp_refresh_tokens_token_hash" ON "idp_refresh_tokens" ("token_hash");
CREATE TABLE IF NOT EXISTS "idp_sessions" (
	"token_hash" varchar(64),
	"user_id" varchar(64) NOT NULL,
	"auth_time" timestamptz NOT NULL,
	"expires_at" timestamptz NOT NULL,
	"created_at" timestamptz NOT NULL,
	PRIMARY KEY ("token_hash")
);
CREATE INDEX IF NOT EXISTS "idx_idp_sessions_expires_at" ON "idp_sessions" ("expires_at");
CREATE INDEX IF NOT EXISTS "idx_idp_sessions_user_id" ON "idp_sessions" ("user_id");
