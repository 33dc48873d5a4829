CREATE TABLE `post_notes` (
	`id` text PRIMARY KEY NOT NULL,
	`post_id` text NOT NULL,
	`blog_id` text NOT NULL,
	`author_id` text,
	`parent_id` text,
	`body` text NOT NULL,
	`kind` text DEFAULT 'note' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`blog_id`) REFERENCES `blogs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`parent_id`) REFERENCES `post_notes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `post_notes_post_idx` ON `post_notes` (`post_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `posts` ADD `submitted_at` integer;--> statement-breakpoint
ALTER TABLE `posts` ADD `assignee_id` text REFERENCES users(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `posts` ADD `reviewed_by` text REFERENCES users(id) ON DELETE set null;--> statement-breakpoint
CREATE INDEX `posts_review_queue_idx` ON `posts` (`submitted_at`,`id`) WHERE "posts"."status" = 'under_review';--> statement-breakpoint
UPDATE `posts` SET `submitted_at` = `updated_at` WHERE `status` = 'under_review';