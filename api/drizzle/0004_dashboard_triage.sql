ALTER TABLE `forms` ADD `pharmacy_id` integer REFERENCES accounts(id);--> statement-breakpoint
ALTER TABLE `forms` ADD `submitted_month` text;--> statement-breakpoint
ALTER TABLE `forms` ADD `priority_count` integer;--> statement-breakpoint
ALTER TABLE `forms` ADD `priority_flags` text;--> statement-breakpoint
ALTER TABLE `forms` ADD `bilan_done_at` text;--> statement-breakpoint
-- Added by hand: every existing form gets its patient's pharmacy (a patient never changes pharmacy).
UPDATE `forms` SET `pharmacy_id` = (SELECT `pharmacy_id` FROM `patients` WHERE `patients`.`id` = `forms`.`patient_id`);--> statement-breakpoint
CREATE INDEX `forms_submitted_month_idx` ON `forms` (`submitted_month`,`patient_id`);--> statement-breakpoint
CREATE INDEX `forms_pharmacy_month_idx` ON `forms` (`pharmacy_id`,`submitted_month`,`submitted_at`);--> statement-breakpoint
CREATE INDEX `forms_pharmacy_done_idx` ON `forms` (`pharmacy_id`,`bilan_done_at`);--> statement-breakpoint
CREATE INDEX `forms_pharmacy_status_created_idx` ON `forms` (`pharmacy_id`,`status`,`created_at`);