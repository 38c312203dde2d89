ALTER TABLE `accounts` ADD `address` text;--> statement-breakpoint
ALTER TABLE `accounts` ADD `phone` text;