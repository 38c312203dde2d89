ALTER TABLE `emails` ADD `patient_id` integer;--> statement-breakpoint
CREATE INDEX `emails_patient_idx` ON `emails` (`patient_id`);