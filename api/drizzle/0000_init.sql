CREATE TABLE `answer_sets` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`patient_id` integer NOT NULL,
	`definition_id` text NOT NULL,
	`definition_version` text NOT NULL,
	`sections` text DEFAULT '{}' NOT NULL,
	`saved_sections` text DEFAULT '[]' NOT NULL,
	`status` text DEFAULT 'in_progress' NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`submitted_at` text,
	FOREIGN KEY (`patient_id`) REFERENCES `patients`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `answer_sets_patient_unique` ON `answer_sets` (`patient_id`);--> statement-breakpoint
CREATE INDEX `answer_sets_status_submitted_idx` ON `answer_sets` (`status`,`submitted_at`);--> statement-breakpoint
CREATE TABLE `bot_check_solutions` (
	`key` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`provider` text NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `bot_check_expires_idx` ON `bot_check_solutions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `clients` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`nom` text NOT NULL,
	`email` text NOT NULL,
	`role` text DEFAULT 'pharmacy' NOT NULL,
	`password_hash` text,
	`email_verified_at` text,
	`two_factor_enabled` integer DEFAULT true NOT NULL,
	`disabled_at` text,
	`token_version` integer DEFAULT 0 NOT NULL,
	`retention_months` integer DEFAULT 36 NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `clients_name_unique` ON `clients` (`name`);--> statement-breakpoint
CREATE UNIQUE INDEX `clients_email_unique` ON `clients` (`email`);--> statement-breakpoint
CREATE TABLE `demo_submissions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`age_group` text NOT NULL,
	`responses` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `documents` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`answer_set_id` integer NOT NULL,
	`kind` text NOT NULL,
	`content` blob NOT NULL,
	`bytes` integer NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`answer_set_id`) REFERENCES `answer_sets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `documents_answer_set_kind_unique` ON `documents` (`answer_set_id`,`kind`);--> statement-breakpoint
CREATE TABLE `emails` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`to` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`html` text,
	`attachments` text DEFAULT '[]' NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` text NOT NULL,
	`last_error` text,
	`created_at` text NOT NULL,
	`sent_at` text
);
--> statement-breakpoint
CREATE INDEX `emails_status_next_idx` ON `emails` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE TABLE `patients` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`client_id` integer NOT NULL,
	`civilite` text NOT NULL,
	`nom` text NOT NULL,
	`prenom` text NOT NULL,
	`date_naissance` text NOT NULL,
	`email` text NOT NULL,
	`numero_securite_sociale` text,
	`age_group` text NOT NULL,
	`consent_at` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `patients_client_nom_idx` ON `patients` (`client_id`,`nom`);--> statement-breakpoint
CREATE INDEX `patients_client_created_idx` ON `patients` (`client_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `account_tokens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`client_id` integer NOT NULL,
	`purpose` text NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `account_tokens_token_hash_unique` ON `account_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `account_tokens_client_idx` ON `account_tokens` (`client_id`);--> statement-breakpoint
CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`actor_client_id` integer NOT NULL,
	`action` text NOT NULL,
	`patient_id` integer,
	`detail` text,
	`ip` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`actor_client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `audit_log_actor_idx` ON `audit_log` (`actor_client_id`);--> statement-breakpoint
CREATE INDEX `audit_log_patient_idx` ON `audit_log` (`patient_id`);--> statement-breakpoint
CREATE TABLE `invitations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`token_hash` text NOT NULL,
	`email` text,
	`expires_at` text NOT NULL,
	`used_at` text,
	`used_by_client_id` integer,
	`created_by_client_id` integer,
	`created_at` text NOT NULL,
	FOREIGN KEY (`used_by_client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by_client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invitations_token_hash_unique` ON `invitations` (`token_hash`);--> statement-breakpoint
CREATE TABLE `login_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`client_id` integer NOT NULL,
	`challenge_id` text NOT NULL,
	`code_hash` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `login_codes_challenge_unique` ON `login_codes` (`challenge_id`);--> statement-breakpoint
CREATE INDEX `login_codes_client_idx` ON `login_codes` (`client_id`);--> statement-breakpoint
CREATE TABLE `staff_sessions` (
	`jti` text PRIMARY KEY NOT NULL,
	`client_id` integer NOT NULL,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL,
	`revoked_at` text,
	FOREIGN KEY (`client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `staff_sessions_client_idx` ON `staff_sessions` (`client_id`);