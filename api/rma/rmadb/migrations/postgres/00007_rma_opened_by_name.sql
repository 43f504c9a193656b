-- +goose Up
-- Who opened an RMA, by the name their token gave at the time: what the organization's history
-- shows as "Opened by". The contact cannot say it: a member shipping from a branch gives the
-- branch's contact. RMAs opened before were named by their contact, the best there was then
-- (cut to the column, as two 35-character names and a space are 71).
ALTER TABLE "rma_rmas" ADD COLUMN "opened_by_name" varchar(70) NOT NULL DEFAULT '';
UPDATE "rma_rmas" SET "opened_by_name" = substr(trim("contact_first_name" || ' ' || "contact_last_name"), 1, 70);

-- +goose Down
ALTER TABLE "rma_rmas" DROP COLUMN "opened_by_name";
