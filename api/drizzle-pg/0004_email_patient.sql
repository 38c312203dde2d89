ALTER TABLE "emails" ADD COLUMN "patient_id" bigint;--> statement-breakpoint
CREATE INDEX "emails_patient_idx" ON "emails" USING btree ("patient_id");