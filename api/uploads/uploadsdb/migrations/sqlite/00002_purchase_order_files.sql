-- +goose Up
-- Purchase-order files share the attachments' table: same owner, bucket, claim and purge rules.
-- The kind keeps one from ever being accepted as the other; every existing row is an attachment.
ALTER TABLE `uploads_attachments` ADD COLUMN `kind` text NOT NULL DEFAULT "rma";

-- +goose Down
-- The release before ignores po/ names everywhere but the purge, which then deletes unclaimed
-- PO files like any unclaimed upload.
ALTER TABLE `uploads_attachments` DROP COLUMN `kind`;
