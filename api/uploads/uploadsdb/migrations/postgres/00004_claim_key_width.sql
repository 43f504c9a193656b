-- +goose Up
-- rma_number is what a file is claimed for: an RMA number, or a unit registration's proof of
-- purchase ("REG-" and a serial of up to 50 characters, account.RegistrationClaim), which
-- overflowed varchar(40) for serials over 36 characters.
ALTER TABLE "uploads_attachments" ALTER COLUMN "rma_number" TYPE varchar(60);

-- +goose Down
-- Fails while a claim longer than 40 characters is stored: such a registration's proof would
-- lose its claim.
ALTER TABLE "uploads_attachments" ALTER COLUMN "rma_number" TYPE varchar(40);
