CREATE TABLE `author_profiles` (
	`id` text PRIMARY KEY NOT NULL,
	`blog_id` text NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`bio` text,
	`photo_id` text,
	`links` text NOT NULL,
	`slug` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`blog_id`) REFERENCES `blogs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`photo_id`) REFERENCES `media`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `author_profiles_blog_user_unique` ON `author_profiles` (`blog_id`,`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `author_profiles_blog_slug_unique` ON `author_profiles` (`blog_id`,`slug`);--> statement-breakpoint
CREATE INDEX `author_profiles_user_idx` ON `author_profiles` (`user_id`);--> statement-breakpoint
ALTER TABLE `blog_voices` ADD `persona_responsible_user_id` text REFERENCES users(id) ON DELETE set null;