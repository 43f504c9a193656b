-- +goose Up
-- An RMA created in a fleet batch (issue 30, rma.Creator.CreateInBatch): batch_id names its batch
-- (BT-…, NULL for an RMA opened on its own; indexed, as the batch reads its RMAs by it), batch_box
-- the box of the batch it ships in (0 until the batch assigns its boxes, and for every RMA not in a
-- batch).
ALTER TABLE "rma_rmas" ADD COLUMN "batch_id" varchar(11);
ALTER TABLE "rma_rmas" ADD COLUMN "batch_box" bigint NOT NULL DEFAULT 0;
CREATE INDEX "idx_rma_rmas_batch" ON "rma_rmas" ("batch_id");

-- +goose Down
DROP INDEX "idx_rma_rmas_batch";
ALTER TABLE "rma_rmas" DROP COLUMN "batch_box";
ALTER TABLE "rma_rmas" DROP COLUMN "batch_id";
