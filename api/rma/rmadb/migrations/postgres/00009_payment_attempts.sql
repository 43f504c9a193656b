-- +goose Up
-- An RMA awaiting its payment holds its unit ('RMA Already Exists For This Unit') until it is
-- paid or cancelled. payment_attempt_at is when its customer last started paying it (opened it,
-- or came back and paid again): one left alone for PAYMENT_ABANDON_AFTER is cancelled by the
-- sweeper (rma.Creator.CancelUnpaid), which frees the unit. RMAs waiting now start their clock
-- at their last change.
ALTER TABLE "rma_rmas" ADD COLUMN "payment_attempt_at" timestamptz;
CREATE INDEX "idx_rma_rmas_payment_attempt" ON "rma_rmas" ("payment_attempt_at");
UPDATE "rma_rmas" SET "payment_attempt_at" = "updated_at" WHERE "status" = 'AWAITING_PAYMENT';

-- +goose Down
DROP INDEX "idx_rma_rmas_payment_attempt";
ALTER TABLE "rma_rmas" DROP COLUMN "payment_attempt_at";
