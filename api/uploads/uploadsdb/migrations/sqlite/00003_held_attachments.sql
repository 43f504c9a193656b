-- +goose Up
-- A saved quote keeps its attachments until it is paid or expires, beyond the day after which
-- unclaimed uploads are purged: held_until is when the hold ends (the quote's expiry). The purge
-- skips a file held until a later time; claiming it for an RMA works as for any unclaimed file.
ALTER TABLE `uploads_attachments` ADD COLUMN `held_until` datetime;

-- +goose Down
-- The release before purges held files a day after their upload, as any unclaimed file.
ALTER TABLE `uploads_attachments` DROP COLUMN `held_until`;
