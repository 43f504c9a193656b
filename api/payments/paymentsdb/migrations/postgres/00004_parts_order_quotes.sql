-- +goose Up
-- The parts order a parts quote pays (kind 'parts', order_id PB-nnnnnn); "" for the quotes of
-- units, which existing quotes all are.
ALTER TABLE "payments_quotes" ADD COLUMN "order_id" varchar(20) NOT NULL DEFAULT '';
CREATE INDEX "payments_quotes_order" ON "payments_quotes" ("order_id");

-- +goose Down
DROP INDEX "payments_quotes_order";
ALTER TABLE "payments_quotes" DROP COLUMN "order_id";
