CREATE TABLE `job_cursors` (
	`name` text PRIMARY KEY NOT NULL,
	`at` integer NOT NULL
);
