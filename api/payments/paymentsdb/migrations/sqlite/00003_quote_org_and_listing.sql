-- +goose Up
-- The organization a quote was made under ("" for none: existing quotes belong to their owner
-- alone), and one composite index per sort for each branch of the listing (the owner's quotes,
-- the organization's), so a keyset page is an ordered range scan of one index per branch.
ALTER TABLE `payments_quotes` ADD COLUMN `org` text NOT NULL DEFAULT "";
DROP INDEX `payments_quotes_owner_created`;
CREATE INDEX `payments_quotes_owner_created` ON `payments_quotes` (`owner`,`status`,`created_at`,`id`);
CREATE INDEX `payments_quotes_owner_expires` ON `payments_quotes` (`owner`,`status`,`expires_at`,`id`);
CREATE INDEX `payments_quotes_owner_amount` ON `payments_quotes` (`owner`,`status`,`amount_cents`,`id`);
CREATE INDEX `payments_quotes_org_created` ON `payments_quotes` (`org`,`status`,`created_at`,`id`);
CREATE INDEX `payments_quotes_org_expires` ON `payments_quotes` (`org`,`status`,`expires_at`,`id`);
CREATE INDEX `payments_quotes_org_amount` ON `payments_quotes` (`org`,`status`,`amount_cents`,`id`);

-- +goose Down
DROP INDEX `payments_quotes_org_amount`;
DROP INDEX `payments_quotes_org_expires`;
DROP INDEX `payments_quotes_org_created`;
DROP INDEX `payments_quotes_owner_amount`;
DROP INDEX `payments_quotes_owner_expires`;
DROP INDEX `payments_quotes_owner_created`;
CREATE INDEX `payments_quotes_owner_created` ON `payments_quotes` (`owner`,`created_at`);
ALTER TABLE `payments_quotes` DROP COLUMN `org`;
