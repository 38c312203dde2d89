ALTER TABLE "forms" ADD COLUMN "triage_rank" bigint;--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN "triage_key" text;