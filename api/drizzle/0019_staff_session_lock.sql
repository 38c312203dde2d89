ALTER TABLE `staff_sessions` ADD `locked_at` text;--> statement-breakpoint
ALTER TABLE `staff_sessions` ADD `unlock_code_hash` text;--> statement-breakpoint
ALTER TABLE `staff_sessions` ADD `unlock_code_tries` integer DEFAULT 0 NOT NULL;