CREATE TABLE `link_checks` (
	`id` text PRIMARY KEY NOT NULL,
	`url` text NOT NULL,
	`host` text NOT NULL,
	`status` text DEFAULT 'unchecked' NOT NULL,
	`http_status` integer,
	`final_url` text,
	`redirects` text NOT NULL,
	`error` text,
	`last_checked_at` integer,
	`last_worked_at` integer,
	`next_check_at` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `link_checks_url_unique` ON `link_checks` (`url`);--> statement-breakpoint
CREATE INDEX `link_checks_due_idx` ON `link_checks` (`next_check_at`);--> statement-breakpoint
CREATE TABLE `link_replacements` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`from_url` text NOT NULL,
	`to_url` text NOT NULL,
	`changes` text NOT NULL,
	`undone_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `link_replacements_owner_idx` ON `link_replacements` (`owner_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `link_scans` (
	`post_id` text PRIMARY KEY NOT NULL,
	`post_updated_at` integer NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `link_uses` (
	`post_id` text NOT NULL,
	`url` text NOT NULL,
	`blog_id` text NOT NULL,
	PRIMARY KEY(`post_id`, `url`),
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`blog_id`) REFERENCES `blogs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `link_uses_url_idx` ON `link_uses` (`url`);