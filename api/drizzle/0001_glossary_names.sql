-- One name per concept (api/README.md, glossary): tables, columns and indexes renamed in place.
-- SQLite's RENAME keeps every row and rewrites the foreign keys that point to a renamed table or
-- column, and the indexes over a renamed column; an index cannot be renamed, so the indexes
-- whose name changes are dropped and created again.
ALTER TABLE `clients` RENAME TO `accounts`;
--> statement-breakpoint
ALTER TABLE `accounts` RENAME COLUMN `nom` TO `display_name`;
--> statement-breakpoint
DROP INDEX `clients_name_unique`;
--> statement-breakpoint
DROP INDEX `clients_email_unique`;
--> statement-breakpoint
CREATE UNIQUE INDEX `accounts_name_unique` ON `accounts` (`name`);
--> statement-breakpoint
CREATE UNIQUE INDEX `accounts_email_unique` ON `accounts` (`email`);
--> statement-breakpoint
ALTER TABLE `patients` RENAME COLUMN `client_id` TO `pharmacy_id`;
--> statement-breakpoint
ALTER TABLE `patients` RENAME COLUMN `civilite` TO `civility`;
--> statement-breakpoint
ALTER TABLE `patients` RENAME COLUMN `nom` TO `last_name`;
--> statement-breakpoint
ALTER TABLE `patients` RENAME COLUMN `prenom` TO `first_name`;
--> statement-breakpoint
ALTER TABLE `patients` RENAME COLUMN `date_naissance` TO `birth_date`;
--> statement-breakpoint
ALTER TABLE `patients` RENAME COLUMN `numero_securite_sociale` TO `social_security_number`;
--> statement-breakpoint
ALTER TABLE `patients` RENAME COLUMN `age_group` TO `band`;
--> statement-breakpoint
DROP INDEX `patients_client_nom_idx`;
--> statement-breakpoint
DROP INDEX `patients_client_created_idx`;
--> statement-breakpoint
CREATE INDEX `patients_pharmacy_last_name_idx` ON `patients` (`pharmacy_id`,`last_name`);
--> statement-breakpoint
CREATE INDEX `patients_pharmacy_created_idx` ON `patients` (`pharmacy_id`,`created_at`);
--> statement-breakpoint
ALTER TABLE `answer_sets` RENAME TO `forms`;
--> statement-breakpoint
ALTER TABLE `forms` RENAME COLUMN `sections` TO `answers`;
--> statement-breakpoint
DROP INDEX `answer_sets_patient_unique`;
--> statement-breakpoint
DROP INDEX `answer_sets_status_submitted_idx`;
--> statement-breakpoint
CREATE UNIQUE INDEX `forms_patient_unique` ON `forms` (`patient_id`);
--> statement-breakpoint
CREATE INDEX `forms_status_submitted_idx` ON `forms` (`status`,`submitted_at`);
--> statement-breakpoint
ALTER TABLE `documents` RENAME COLUMN `answer_set_id` TO `form_id`;
--> statement-breakpoint
DROP INDEX `documents_answer_set_kind_unique`;
--> statement-breakpoint
CREATE UNIQUE INDEX `documents_form_kind_unique` ON `documents` (`form_id`,`kind`);
--> statement-breakpoint
ALTER TABLE `demo_submissions` RENAME COLUMN `age_group` TO `band`;
--> statement-breakpoint
ALTER TABLE `demo_submissions` RENAME COLUMN `responses` TO `answers`;
--> statement-breakpoint
ALTER TABLE `invitations` RENAME COLUMN `used_by_client_id` TO `used_by_account_id`;
--> statement-breakpoint
ALTER TABLE `invitations` RENAME COLUMN `created_by_client_id` TO `created_by_account_id`;
--> statement-breakpoint
ALTER TABLE `account_tokens` RENAME COLUMN `client_id` TO `account_id`;
--> statement-breakpoint
DROP INDEX `account_tokens_client_idx`;
--> statement-breakpoint
CREATE INDEX `account_tokens_account_idx` ON `account_tokens` (`account_id`);
--> statement-breakpoint
ALTER TABLE `login_codes` RENAME COLUMN `client_id` TO `account_id`;
--> statement-breakpoint
DROP INDEX `login_codes_client_idx`;
--> statement-breakpoint
CREATE INDEX `login_codes_account_idx` ON `login_codes` (`account_id`);
--> statement-breakpoint
ALTER TABLE `staff_sessions` RENAME COLUMN `client_id` TO `account_id`;
--> statement-breakpoint
DROP INDEX `staff_sessions_client_idx`;
--> statement-breakpoint
CREATE INDEX `staff_sessions_account_idx` ON `staff_sessions` (`account_id`);
--> statement-breakpoint
ALTER TABLE `audit_log` RENAME COLUMN `actor_client_id` TO `actor_account_id`;