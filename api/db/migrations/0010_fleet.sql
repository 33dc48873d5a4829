CREATE TABLE `blog_redirects` (
	`blog_id` text NOT NULL,
	`from_path` text NOT NULL,
	`to_path` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`blog_id`, `from_path`),
	FOREIGN KEY (`blog_id`) REFERENCES `blogs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `import_jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`blog_id` text NOT NULL,
	`format` text NOT NULL,
	`file_name` text NOT NULL,
	`status` text NOT NULL,
	`payload` text NOT NULL,
	`total` integer NOT NULL,
	`done` integer DEFAULT 0 NOT NULL,
	`current_item` text,
	`report` text NOT NULL,
	`error` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`finished_at` integer,
	FOREIGN KEY (`blog_id`) REFERENCES `blogs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `import_jobs_blog_idx` ON `import_jobs` (`blog_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `imported_items` (
	`blog_id` text NOT NULL,
	`source_key` text NOT NULL,
	`job_id` text,
	`post_id` text,
	PRIMARY KEY(`blog_id`, `source_key`),
	FOREIGN KEY (`blog_id`) REFERENCES `blogs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`job_id`) REFERENCES `import_jobs`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `removed_blog_addresses` (
	`address` text PRIMARY KEY NOT NULL,
	`removed_at` integer NOT NULL,
	`gone_until` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `blogs` ADD `time_zone` text DEFAULT 'UTC' NOT NULL;