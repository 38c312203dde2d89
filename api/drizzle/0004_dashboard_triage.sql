ALTER TABLE `forms` ADD `submitted_month` text;--> statement-breakpoint
ALTER TABLE `forms` ADD `priority_count` integer;--> statement-breakpoint
ALTER TABLE `forms` ADD `priority_flags` text;--> statement-breakpoint
ALTER TABLE `forms` ADD `bilan_done_at` text;--> statement-breakpoint
CREATE INDEX `forms_submitted_month_idx` ON `forms` (`submitted_month`,`patient_id`);