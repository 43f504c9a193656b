-- +goose Up
-- The review of issue 30's batch service: the worker's retries live in the database, not in a
-- process's memory. attempts counts a batch's failed passes in a row (reset when a pass moves a
-- row), due_at is when the worker may take it again (exponential backoff; NULL: at once), and
-- documents_failed marks a batch finished without its documents after the last attempt.
-- body_hash is the submit's body, so an owner's key replayed with another body is refused.
-- A row's failing_since is when its creation began failing without a refusal (it is given up
-- on 15 minutes later), refund_cents what a paid row that could not be created is owed back.
ALTER TABLE "batch_batches" ADD COLUMN "attempts" bigint NOT NULL DEFAULT 0;
ALTER TABLE "batch_batches" ADD COLUMN "due_at" timestamptz;
ALTER TABLE "batch_batches" ADD COLUMN "documents_failed" boolean NOT NULL DEFAULT false;
ALTER TABLE "batch_batches" ADD COLUMN "body_hash" varchar(64) NOT NULL DEFAULT '';
ALTER TABLE "batch_rows" ADD COLUMN "failing_since" timestamptz;
ALTER TABLE "batch_rows" ADD COLUMN "refund_cents" bigint;

-- +goose Down
ALTER TABLE "batch_rows" DROP COLUMN "refund_cents";
ALTER TABLE "batch_rows" DROP COLUMN "failing_since";
ALTER TABLE "batch_batches" DROP COLUMN "body_hash";
ALTER TABLE "batch_batches" DROP COLUMN "documents_failed";
ALTER TABLE "batch_batches" DROP COLUMN "due_at";
ALTER TABLE "batch_batches" DROP COLUMN "attempts";
