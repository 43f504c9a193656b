-- +goose Up
-- The Authorize.net form a quote handed out last, so a second form request answers the same
-- token while it can still be used (none for existing quotes); and the money given back, or being
-- given back, for quotes: a payment that reached a provider after its quote was paid by another
-- payment, cancelled or expired. One row per provider payment (capture or transaction id).
ALTER TABLE "payments_quotes" ADD COLUMN "form_token" text NOT NULL DEFAULT '';
ALTER TABLE "payments_quotes" ADD COLUMN "form_issued_at" timestamptz;
CREATE TABLE "payments_refunds" (
	"id" varchar(20),
	"quote_id" varchar(20) NOT NULL,
	"provider" varchar(20) NOT NULL,
	"provider_ref" varchar(64) NOT NULL,
	"amount_cents" bigint NOT NULL,
	"currency" varchar(3) NOT NULL,
	"reason" varchar(20) NOT NULL,
	"status" varchar(12) NOT NULL,
	"reversal" varchar(10) NOT NULL,
	"refund_ref" varchar(64) NOT NULL,
	"attempts" bigint NOT NULL,
	"last_error" text NOT NULL,
	"next_attempt_at" timestamptz NOT NULL,
	"created_at" timestamptz NOT NULL,
	"refunded_at" timestamptz,
	PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "payments_refunds_money" ON "payments_refunds" ("provider","provider_ref");
CREATE INDEX "payments_refunds_quote" ON "payments_refunds" ("quote_id");
CREATE INDEX "payments_refunds_due" ON "payments_refunds" ("status","next_attempt_at");

-- +goose Down
DROP TABLE "payments_refunds";
ALTER TABLE "payments_quotes" DROP COLUMN "form_issued_at";
ALTER TABLE "payments_quotes" DROP COLUMN "form_token";
