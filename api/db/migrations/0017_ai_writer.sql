CREATE TABLE `ai_generations` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`blog_id` text,
	`post_id` text,
	`origin` text NOT NULL,
	`input` text NOT NULL,
	`status` text NOT NULL,
	`progress` text NOT NULL,
	`result` text,
	`error` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`finished_at` integer,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`blog_id`) REFERENCES `blogs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `ai_generations_owner_idx` ON `ai_generations` (`owner_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `ai_generations_blog_idx` ON `ai_generations` (`blog_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `blog_voices` (
	`blog_id` text PRIMARY KEY NOT NULL,
	`persona_name` text,
	`persona_bio` text,
	`persona_credentials` text,
	`persona_links` text NOT NULL,
	`persona_photo_id` text,
	`tone` text,
	`reading_level` text,
	`words_to_use` text NOT NULL,
	`words_to_avoid` text NOT NULL,
	`example_post_ids` text NOT NULL,
	`source_urls` text NOT NULL,
	`source_notes` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`blog_id`) REFERENCES `blogs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`persona_photo_id`) REFERENCES `media`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `post_research` (
	`post_id` text PRIMARY KEY NOT NULL,
	`sources` text NOT NULL,
	`citations` text NOT NULL,
	`failures` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `automation_settings` ADD `topic_details` text;