-- +goose Up
-- The one PDF of an RMA batch's boxes (kind 'batch', labels and packing lists) names its batch
-- (BT-…) instead of an RMA; "" for labels and invoices, which existing documents all are.
ALTER TABLE "shipping_documents" ADD COLUMN "batch_id" varchar(20) NOT NULL DEFAULT '';
CREATE INDEX "idx_shipping_documents_batch_id" ON "shipping_documents" ("batch_id");

-- +goose Down
DROP INDEX "idx_shipping_documents_batch_id";
ALTER TABLE "shipping_documents" DROP COLUMN "batch_id";
