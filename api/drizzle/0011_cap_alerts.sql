CREATE TABLE `cap_alerts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`pharmacy_id` integer NOT NULL,
	`hour` text NOT NULL,
	`refused` integer NOT NULL,
	`created_at` text NOT NULL,
	`last_at` text NOT NULL,
	FOREIGN KEY (`pharmacy_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cap_alerts_kind_pharmacy_hour_unique` ON `cap_alerts` (`kind`,`pharmacy_id`,`hour`);