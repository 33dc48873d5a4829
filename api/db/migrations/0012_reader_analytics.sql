CREATE TABLE `analytics_daily` (
	`blog_id` text NOT NULL,
	`day` text NOT NULL,
	`dimension` text NOT NULL,
	`value` text NOT NULL,
	`views` integer NOT NULL,
	`visitors` integer NOT NULL,
	PRIMARY KEY(`blog_id`, `day`, `dimension`, `value`),
	FOREIGN KEY (`blog_id`) REFERENCES `blogs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `analytics_hourly` (
	`blog_id` text NOT NULL,
	`hour` integer NOT NULL,
	`views` integer NOT NULL,
	`visitors` integer NOT NULL,
	PRIMARY KEY(`blog_id`, `hour`),
	FOREIGN KEY (`blog_id`) REFERENCES `blogs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `analytics_salts` (
	`blog_id` text NOT NULL,
	`day` text NOT NULL,
	`salt` text NOT NULL,
	PRIMARY KEY(`blog_id`, `day`),
	FOREIGN KEY (`blog_id`) REFERENCES `blogs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `analytics_settings` (
	`blog_id` text PRIMARY KEY NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`honor_do_not_track` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`blog_id`) REFERENCES `blogs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `commission_mappings` (
	`owner_id` text NOT NULL,
	`network` text NOT NULL,
	`mapping` text NOT NULL,
	PRIMARY KEY(`owner_id`, `network`),
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `commissions` (
	`id` text PRIMARY KEY NOT NULL,
	`blog_id` text NOT NULL,
	`post_id` text,
	`link_id` text,
	`network` text NOT NULL,
	`external_id` text NOT NULL,
	`sub_id` text NOT NULL,
	`day` text NOT NULL,
	`amount_minor` integer NOT NULL,
	`currency` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`blog_id`) REFERENCES `blogs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`link_id`) REFERENCES `affiliate_links`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `commissions_external_unique` ON `commissions` (`blog_id`,`network`,`external_id`);--> statement-breakpoint
CREATE INDEX `commissions_blog_day_idx` ON `commissions` (`blog_id`,`day`);--> statement-breakpoint
CREATE TABLE `excluded_hits` (
	`blog_id` text NOT NULL,
	`day` text NOT NULL,
	`reason` text NOT NULL,
	`hits` integer NOT NULL,
	PRIMARY KEY(`blog_id`, `day`, `reason`),
	FOREIGN KEY (`blog_id`) REFERENCES `blogs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `page_hits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`blog_id` text NOT NULL,
	`day` text NOT NULL,
	`hour` integer NOT NULL,
	`path` text NOT NULL,
	`post_id` text,
	`status` integer NOT NULL,
	`visitor` text NOT NULL,
	`referrer` text NOT NULL,
	`referrer_kind` text NOT NULL,
	`utm_source` text NOT NULL,
	`utm_medium` text NOT NULL,
	`utm_campaign` text NOT NULL,
	`device` text NOT NULL,
	`browser` text NOT NULL,
	`entry` integer NOT NULL,
	FOREIGN KEY (`blog_id`) REFERENCES `blogs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `page_hits_blog_day_idx` ON `page_hits` (`blog_id`,`day`);--> statement-breakpoint
ALTER TABLE `affiliate_links` ADD `sub_id_param` text;--> statement-breakpoint
ALTER TABLE `affiliate_links` ADD `sub_id_template` text;