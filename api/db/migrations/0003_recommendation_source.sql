ALTER TABLE `affiliate_recommendations` ADD `source` text DEFAULT 'ai' NOT NULL;--> statement-breakpoint
ALTER TABLE `blog_recommendations` ADD `source` text DEFAULT 'ai' NOT NULL;