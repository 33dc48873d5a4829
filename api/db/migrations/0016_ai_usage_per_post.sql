ALTER TABLE `ai_usage` ADD `post_id` text;--> statement-breakpoint
CREATE INDEX `ai_usage_post_idx` ON `ai_usage` (`post_id`);