ALTER TABLE "staff_sessions" ADD COLUMN "locked_at" text;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD COLUMN "unlock_code_hash" text;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD COLUMN "unlock_code_tries" bigint DEFAULT 0 NOT NULL;