-- +goose Up
-- A body-worn camera's part is sold only through the video order (issue 26): the catalogue says
-- which parts those are. The parts already in it that fit the Veretos family (the body-worn
-- cameras, product type VERETOS) are marked; imports say it of every part from now on.
ALTER TABLE "parts_catalogue" ADD COLUMN "video_only" boolean NOT NULL DEFAULT false;
UPDATE "parts_catalogue" SET "video_only" = true
	WHERE "part_number" IN (SELECT "part_number" FROM "parts_fits" WHERE "family" = 'Veretos');

-- +goose Down
ALTER TABLE "parts_catalogue" DROP COLUMN "video_only";
