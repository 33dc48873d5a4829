CREATE TABLE `automation_topics` (
	`id` text PRIMARY KEY NOT NULL,
	`blog_id` text NOT NULL,
	`topic` text NOT NULL,
	`normalized_topic` text NOT NULL,
	`status` text NOT NULL,
	`generation_id` text,
	`post_id` text,
	`claimed_at` integer NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`blog_id`) REFERENCES `blogs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`generation_id`) REFERENCES `ai_generations`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `automation_topics_blog_topic_unique` ON `automation_topics` (`blog_id`,`normalized_topic`);