CREATE TABLE `activity_events` (
	`id` text PRIMARY KEY NOT NULL,
	`blog_id` text NOT NULL,
	`actor_id` text,
	`action` text NOT NULL,
	`post_id` text,
	`subject` text,
	`details` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`blog_id`) REFERENCES `blogs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `activity_events_blog_created_idx` ON `activity_events` (`blog_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `activity_events_created_idx` ON `activity_events` (`created_at`);--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`blog_id` text NOT NULL,
	`kind` text NOT NULL,
	`actor_id` text,
	`post_id` text,
	`text` text NOT NULL,
	`read_at` integer,
	`email_pending` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`blog_id`) REFERENCES `blogs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `notifications_user_created_idx` ON `notifications` (`user_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `notifications_user_unread_idx` ON `notifications` (`user_id`) WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX `notifications_email_pending_idx` ON `notifications` (`created_at`) WHERE "notifications"."email_pending";