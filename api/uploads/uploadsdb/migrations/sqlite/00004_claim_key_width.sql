-- +goose Up
-- PostgreSQL widens rma_number to varchar(60) for the claims of registrations' proofs ("REG-"
-- and a serial of up to 50 characters). SQLite's text column has no length to widen; this
-- version keeps both dialects' schemas numbered alike.
SELECT 1;

-- +goose Down
SELECT 1;
