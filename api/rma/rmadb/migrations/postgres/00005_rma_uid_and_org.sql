-- +goose Up
-- Every RMA gets a uid (what links to its details carry: random, so not guessable from another
-- RMA's number) and the organization it was opened under ('' for none), whose members see it.
-- Existing RMAs get random uids of the same shape: 26 characters of Crockford's lower-case
-- base32 alphabet (hex digits are a subset of it).
ALTER TABLE "rma_rmas" ADD COLUMN "uid" varchar(26);
UPDATE "rma_rmas" SET "uid" = substr(replace(gen_random_uuid()::text, '-', ''), 1, 26);
ALTER TABLE "rma_rmas" ALTER COLUMN "uid" SET NOT NULL;
CREATE UNIQUE INDEX "idx_rma_rmas_uid" ON "rma_rmas" ("uid");
ALTER TABLE "rma_rmas" ADD COLUMN "org" varchar(100) NOT NULL DEFAULT '';

-- The history's keyset pages: the viewer's own RMAs and their organization's, each in the
-- order of a sort column with the number as tie-break. They lead with owner, so the old
-- owner-only index is redundant.
DROP INDEX "idx_rma_rmas_owner";
CREATE INDEX "idx_rma_rmas_owner_created" ON "rma_rmas" ("owner", "created_at", "number");
CREATE INDEX "idx_rma_rmas_owner_updated" ON "rma_rmas" ("owner", "updated_at", "number");
CREATE INDEX "idx_rma_rmas_org_created" ON "rma_rmas" ("org", "created_at", "number");
CREATE INDEX "idx_rma_rmas_org_updated" ON "rma_rmas" ("org", "updated_at", "number");

-- +goose Down
DROP INDEX "idx_rma_rmas_org_updated";
DROP INDEX "idx_rma_rmas_org_created";
DROP INDEX "idx_rma_rmas_owner_updated";
DROP INDEX "idx_rma_rmas_owner_created";
CREATE INDEX "idx_rma_rmas_owner" ON "rma_rmas" ("owner");
ALTER TABLE "rma_rmas" DROP COLUMN "org";
ALTER TABLE "rma_rmas" DROP COLUMN "uid";
