-- +goose Up
-- A parts order's audit rows name the order (PB-…) in a column of its own, so rma_number holds
-- only RMA numbers: the rows written before named the order in rma_number.
ALTER TABLE "depot_audit" ADD COLUMN "order_number" text NOT NULL DEFAULT '';
UPDATE "depot_audit" SET "order_number" = "rma_number", "rma_number" = '' WHERE "action" = 'partsOrder.ship';

-- +goose Down
UPDATE "depot_audit" SET "rma_number" = "order_number" WHERE "action" = 'partsOrder.ship';
ALTER TABLE "depot_audit" DROP COLUMN "order_number";
