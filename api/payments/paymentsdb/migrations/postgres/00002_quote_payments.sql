-- +goose Up
-- How a quote is paid (method, the provider's order or transaction id, PayPal's capture id, the
-- PO number, when), and what each webhook event was about. Existing quotes are unpaid.
ALTER TABLE "payments_quotes" ADD COLUMN "method" varchar(20) NOT NULL DEFAULT '';
ALTER TABLE "payments_quotes" ADD COLUMN "provider_ref" varchar(64) NOT NULL DEFAULT '';
ALTER TABLE "payments_quotes" ADD COLUMN "capture_id" varchar(64) NOT NULL DEFAULT '';
ALTER TABLE "payments_quotes" ADD COLUMN "customer_po" varchar(50) NOT NULL DEFAULT '';
ALTER TABLE "payments_quotes" ADD COLUMN "paid_at" timestamptz;
ALTER TABLE "payments_events" ADD COLUMN "event_type" varchar(80) NOT NULL DEFAULT '';
ALTER TABLE "payments_events" ADD COLUMN "quote_id" varchar(20) NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE "payments_events" DROP COLUMN "quote_id";
ALTER TABLE "payments_events" DROP COLUMN "event_type";
ALTER TABLE "payments_quotes" DROP COLUMN "paid_at";
ALTER TABLE "payments_quotes" DROP COLUMN "customer_po";
ALTER TABLE "payments_quotes" DROP COLUMN "capture_id";
ALTER TABLE "payments_quotes" DROP COLUMN "provider_ref";
ALTER TABLE "payments_quotes" DROP COLUMN "method";
