CREATE TABLE `job_steps` (
	`job_id` text NOT NULL,
	`step` text NOT NULL,
	`result` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`job_id`, `step`)
);
