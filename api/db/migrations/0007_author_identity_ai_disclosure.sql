ALTER TABLE `blogs` ADD `ai_disclosure` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `posts` ADD `ai_text` text;--> statement-breakpoint
ALTER TABLE `posts` ADD `ai_assisted` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `public_name` text;--> statement-breakpoint
ALTER TABLE `users` ADD `public_bio` text;