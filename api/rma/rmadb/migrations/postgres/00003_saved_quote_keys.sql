-- +goose Up
-- A saved quote has no RMA, so the Idempotency-Key of the submission that saved it is kept here:
-- a retried Save Quote answers the quote the first one saved instead of saving another.
CREATE TABLE "rma_saved_quote_keys" (
	"owner" varchar(100),
	"key" varchar(100),
	"quote_id" varchar(20) NOT NULL,
	"created_at" timestamptz,
	PRIMARY KEY ("owner","key")
);

-- +goose Down
DROP TABLE "rma_saved_quote_keys";
