-- D31: wrong birth days and months given to resume a form on a shared device, in a row (the third erases it).
ALTER TABLE "forms" ADD COLUMN "resume_failures" bigint DEFAULT 0 NOT NULL;