CREATE TABLE `subscribers` (
	`id` text PRIMARY KEY NOT NULL,
	`blog_id` text NOT NULL,
	`email` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`consent_page` text,
	`consent_text` text,
	`confirmed_at` integer,
	`confirmation_sent_at` integer,
	`unsubscribed_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`blog_id`) REFERENCES `blogs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subscribers_blog_email_unique` ON `subscribers` (`blog_id`,`email`);--> statement-breakpoint
CREATE INDEX `subscribers_blog_status_idx` ON `subscribers` (`blog_id`,`status`);