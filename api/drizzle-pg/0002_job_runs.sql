CREATE TABLE "job_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"finished_at_ms" bigint NOT NULL,
	"outcome" text NOT NULL
);
