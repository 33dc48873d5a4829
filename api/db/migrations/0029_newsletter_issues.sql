CREATE TABLE `newsletter_deliveries` (
	`issue_id` text NOT NULL,
	`subscriber_id` text NOT NULL,
	`status` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`message_id` text NOT NULL,
	`error` text,
	`unsubscribed_at` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`issue_id`) REFERENCES `newsletter_issues`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`subscriber_id`) REFERENCES `subscribers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_deliveries_unique` ON `newsletter_deliveries` (`issue_id`,`subscriber_id`);--> statement-breakpoint
CREATE INDEX `newsletter_deliveries_message_idx` ON `newsletter_deliveries` (`message_id`);--> statement-breakpoint
CREATE INDEX `newsletter_deliveries_subscriber_idx` ON `newsletter_deliveries` (`subscriber_id`);--> statement-breakpoint
CREATE TABLE `newsletter_issues` (
	`id` text PRIMARY KEY NOT NULL,
	`blog_id` text NOT NULL,
	`number` integer NOT NULL,
	`kind` text NOT NULL,
	`post_id` text,
	`subject` text NOT NULL,
	`html` text NOT NULL,
	`text` text NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`recipients` integer,
	`error` text,
	`created_by` text,
	`created_at` integer NOT NULL,
	`started_at` integer,
	`finished_at` integer,
	FOREIGN KEY (`blog_id`) REFERENCES `blogs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_issues_blog_number_unique` ON `newsletter_issues` (`blog_id`,`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_issues_post_unique` ON `newsletter_issues` (`post_id`) WHERE kind = 'post';--> statement-breakpoint
CREATE INDEX `newsletter_issues_status_idx` ON `newsletter_issues` (`status`);--> statement-breakpoint
ALTER TABLE `affiliate_clicks` ADD `issue_id` text;--> statement-breakpoint
ALTER TABLE `blogs` ADD `newsletter_sender_name` text;--> statement-breakpoint
ALTER TABLE `blogs` ADD `newsletter_sender_address` text;--> statement-breakpoint
ALTER TABLE `blogs` ADD `newsletter_send_by_default` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `blogs` ADD `newsletter_weekly_digest` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `posts` ADD `send_by_email` integer DEFAULT false NOT NULL;