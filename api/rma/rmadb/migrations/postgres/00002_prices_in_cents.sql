-- +goose Up
-- Money is integer minor units plus a currency (ARCHITECTURE §5). The float prices become cents,
-- round(price * 100) to the nearest cent, and say they are US dollars, the only currency the
-- portal has priced in. Accessory lines never had a price (the old column held 0): they get none.
-- No Down: a release that reads float prices cannot read a currency other than USD.
ALTER TABLE "rma_repair_options" ADD COLUMN "price_cents" bigint;
UPDATE "rma_repair_options" SET "price_cents" = round("price" * 100);
ALTER TABLE "rma_repair_options" ALTER COLUMN "price_cents" SET NOT NULL;
ALTER TABLE "rma_repair_options" ADD COLUMN "price_currency" varchar(3) NOT NULL DEFAULT 'USD';
ALTER TABLE "rma_repair_options" DROP COLUMN "price";

ALTER TABLE "rma_rmas" ADD COLUMN "problem_price_cents" bigint;
UPDATE "rma_rmas" SET "problem_price_cents" = round("problem_price" * 100);
ALTER TABLE "rma_rmas" ALTER COLUMN "problem_price_cents" SET NOT NULL;
ALTER TABLE "rma_rmas" ADD COLUMN "problem_price_currency" varchar(3) NOT NULL DEFAULT 'USD';
ALTER TABLE "rma_rmas" DROP COLUMN "problem_price";

ALTER TABLE "rma_lines" ADD COLUMN "price_cents" bigint;
ALTER TABLE "rma_lines" ADD COLUMN "price_currency" varchar(3);
UPDATE "rma_lines" SET "price_cents" = round("price" * 100), "price_currency" = 'USD'
	WHERE "kind" = 'unit' AND "price" IS NOT NULL;
ALTER TABLE "rma_lines" DROP COLUMN "price";
