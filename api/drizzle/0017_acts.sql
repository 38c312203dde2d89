CREATE TABLE `act_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`seq` integer NOT NULL,
	`act_id` integer NOT NULL,
	`pharmacy_id` integer,
	`kind` text NOT NULL,
	`body` text NOT NULL,
	`created_at` text NOT NULL,
	`previous_hash` text NOT NULL,
	`hash` text NOT NULL,
	FOREIGN KEY (`pharmacy_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `act_entries_seq_unique` ON `act_entries` (`seq`);--> statement-breakpoint
CREATE INDEX `act_entries_act_idx` ON `act_entries` (`act_id`);--> statement-breakpoint
CREATE TABLE `acts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`pharmacy_id` integer NOT NULL,
	`patient_id` integer,
	`band` text NOT NULL,
	`last_name` text NOT NULL,
	`first_name` text NOT NULL,
	`birth_date` text NOT NULL,
	`social_security_number` text,
	`person_key` text NOT NULL,
	`name_key` text NOT NULL,
	`ssn_key` text,
	`key_id` text NOT NULL,
	`code` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`department` text NOT NULL,
	`performed_at` text NOT NULL,
	`performed_by` integer NOT NULL,
	`status` text NOT NULL,
	`reference` text,
	`cancelled_at` text,
	`cancel_reason` text,
	`head_seq` integer NOT NULL,
	FOREIGN KEY (`pharmacy_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `acts_active_person_unique` ON `acts` (`pharmacy_id`,`band`,`person_key`) WHERE cancelled_at IS NULL;--> statement-breakpoint
CREATE INDEX `acts_pharmacy_performed_idx` ON `acts` (`pharmacy_id`,`performed_at`);--> statement-breakpoint
CREATE INDEX `acts_patient_idx` ON `acts` (`patient_id`);--> statement-breakpoint
ALTER TABLE `accounts` ADD `department` text;