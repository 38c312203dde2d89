CREATE TABLE `job_runs` (
	`name` text PRIMARY KEY NOT NULL,
	`finished_at_ms` integer NOT NULL,
	`outcome` text NOT NULL
);
