ALTER TABLE `forms` ADD `triage_rank` integer;--> statement-breakpoint
ALTER TABLE `forms` ADD `triage_key` text;