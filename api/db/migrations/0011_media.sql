CREATE TABLE `media` (
	`id` text PRIMARY KEY NOT NULL,
	`blog_id` text NOT NULL,
	`hash` text NOT NULL,
	`file_name` text NOT NULL,
	`alt` text DEFAULT '' NOT NULL,
	`format` text NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`upload_bytes` integer NOT NULL,
	`stored_bytes` integer NOT NULL,
	`variants` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`blog_id`) REFERENCES `blogs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `media_blog_hash_unique` ON `media` (`blog_id`,`hash`);--> statement-breakpoint
CREATE INDEX `media_blog_created_idx` ON `media` (`blog_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `media_hash_idx` ON `media` (`hash`);--> statement-breakpoint
ALTER TABLE `blogs` ADD `logo_media_id` text REFERENCES media(id);--> statement-breakpoint
ALTER TABLE `posts` ADD `feature_image_id` text REFERENCES media(id);--> statement-breakpoint
CREATE INDEX `posts_feature_image_idx` ON `posts` (`feature_image_id`);