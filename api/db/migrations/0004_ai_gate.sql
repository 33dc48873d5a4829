ALTER TABLE `automation_settings` ADD `skip_reason` text;--> statement-breakpoint
ALTER TABLE `posts` ADD `review_reasons` text;--> statement-breakpoint
CREATE INDEX `posts_held_idx` ON `posts` (`blog_id`) WHERE "posts"."review_reasons" is not null;--> statement-breakpoint
CREATE INDEX `ai_usage_created_idx` ON `ai_usage` (`created_at`);