CREATE TABLE `affiliate_clicks` (
	`id` text PRIMARY KEY NOT NULL,
	`link_id` text NOT NULL,
	`post_id` text,
	`visitor_hash` text NOT NULL,
	`day` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`link_id`) REFERENCES `affiliate_links`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `affiliate_clicks_link_day_idx` ON `affiliate_clicks` (`link_id`,`day`);--> statement-breakpoint
CREATE TABLE `affiliate_links` (
	`id` text PRIMARY KEY NOT NULL,
	`blog_id` text NOT NULL,
	`keyword` text NOT NULL,
	`url` text NOT NULL,
	`auto_insert` integer DEFAULT true NOT NULL,
	`clicks` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`blog_id`) REFERENCES `blogs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `affiliate_links_blog_keyword_unique` ON `affiliate_links` (`blog_id`,lower("keyword"));--> statement-breakpoint
CREATE TABLE `affiliate_recommendations` (
	`id` text PRIMARY KEY NOT NULL,
	`blog_id` text NOT NULL,
	`program_name` text NOT NULL,
	`category` text NOT NULL,
	`description` text NOT NULL,
	`commission_rate` text,
	`reasoning` text,
	`signup_url` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`created_at` integer NOT NULL,
	`decided_at` integer,
	FOREIGN KEY (`blog_id`) REFERENCES `blogs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `affiliate_recommendations_blog_idx` ON `affiliate_recommendations` (`blog_id`,`status`);--> statement-breakpoint
CREATE TABLE `ai_usage` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`blog_id` text,
	`kind` text NOT NULL,
	`model` text NOT NULL,
	`prompt_tokens` integer DEFAULT 0 NOT NULL,
	`completion_tokens` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`blog_id`) REFERENCES `blogs`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `ai_usage_owner_idx` ON `ai_usage` (`owner_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `automation_settings` (
	`id` text PRIMARY KEY NOT NULL,
	`blog_id` text NOT NULL,
	`enabled` integer DEFAULT false NOT NULL,
	`niche` text,
	`topics` text NOT NULL,
	`posting_frequency` text DEFAULT 'weekly' NOT NULL,
	`posts_per_week` integer DEFAULT 3 NOT NULL,
	`auto_publish` integer DEFAULT true NOT NULL,
	`last_generated_at` integer,
	`next_run_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`blog_id`) REFERENCES `blogs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `automation_settings_blog_id_unique` ON `automation_settings` (`blog_id`);--> statement-breakpoint
CREATE TABLE `blog_recommendations` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`suggested_name` text NOT NULL,
	`suggested_niche` text NOT NULL,
	`suggested_domain` text,
	`target_audience` text,
	`monetization_potential` text,
	`market_opportunity` text,
	`content_strategy` text,
	`suggested_topics` text NOT NULL,
	`reasoning` text,
	`created_blog_id` text,
	`auto_approved` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`decided_at` integer,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_blog_id`) REFERENCES `blogs`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `blog_recommendations_owner_idx` ON `blog_recommendations` (`owner_id`,`status`);--> statement-breakpoint
CREATE TABLE `blogs` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`slug` text NOT NULL,
	`subdomain` text,
	`custom_domain` text,
	`domain_verified` integer DEFAULT false NOT NULL,
	`domain_verification_token` text,
	`primary_color` text DEFAULT '#df7020' NOT NULL,
	`font_family` text DEFAULT 'IBM Plex Serif' NOT NULL,
	`logo_url` text,
	`created_by_ai` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `blogs_slug_unique` ON `blogs` (`slug`);--> statement-breakpoint
CREATE UNIQUE INDEX `blogs_subdomain_unique` ON `blogs` (`subdomain`);--> statement-breakpoint
CREATE UNIQUE INDEX `blogs_custom_domain_unique` ON `blogs` (`custom_domain`);--> statement-breakpoint
CREATE INDEX `blogs_owner_idx` ON `blogs` (`owner_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `categories` (
	`id` text PRIMARY KEY NOT NULL,
	`blog_id` text NOT NULL,
	`name` text NOT NULL,
	`slug` text NOT NULL,
	`parent_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`blog_id`) REFERENCES `blogs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`parent_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `categories_blog_slug_unique` ON `categories` (`blog_id`,`slug`);--> statement-breakpoint
CREATE INDEX `categories_parent_idx` ON `categories` (`parent_id`);--> statement-breakpoint
CREATE TABLE `oidc_login_flows` (
	`id` text PRIMARY KEY NOT NULL,
	`state` text NOT NULL,
	`code_verifier` text NOT NULL,
	`nonce` text NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `post_slug_history` (
	`id` text PRIMARY KEY NOT NULL,
	`blog_id` text NOT NULL,
	`post_id` text NOT NULL,
	`slug` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`blog_id`) REFERENCES `blogs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `post_slug_history_blog_slug_unique` ON `post_slug_history` (`blog_id`,`slug`);--> statement-breakpoint
CREATE TABLE `posts` (
	`id` text PRIMARY KEY NOT NULL,
	`blog_id` text NOT NULL,
	`author_id` text,
	`category_id` text,
	`title` text NOT NULL,
	`content` text DEFAULT '' NOT NULL,
	`excerpt` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`slug` text NOT NULL,
	`meta_title` text,
	`meta_description` text,
	`keywords` text NOT NULL,
	`scheduled_publish_at` integer,
	`published_at` integer,
	`source` text DEFAULT 'owner' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`blog_id`) REFERENCES `blogs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `posts_blog_slug_unique` ON `posts` (`blog_id`,`slug`);--> statement-breakpoint
CREATE INDEX `posts_blog_created_idx` ON `posts` (`blog_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `posts_blog_status_published_idx` ON `posts` (`blog_id`,`status`,`published_at`);--> statement-breakpoint
CREATE INDEX `posts_scheduled_idx` ON `posts` (`scheduled_publish_at`) WHERE "posts"."scheduled_publish_at" is not null;--> statement-breakpoint
CREATE INDEX `posts_category_idx` ON `posts` (`category_id`);--> statement-breakpoint
CREATE TABLE `render_jobs` (
	`blog_id` text PRIMARY KEY NOT NULL,
	`full` integer DEFAULT false NOT NULL,
	`post_ids` text NOT NULL,
	`requested_at` integer NOT NULL,
	`started_at` integer,
	`attempts` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`blog_id`) REFERENCES `blogs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `scheduled_tasks` (
	`name` text NOT NULL,
	`subject_id` text NOT NULL,
	`next_run_at` integer NOT NULL,
	`last_run_at` integer,
	`last_error` text,
	PRIMARY KEY(`name`, `subject_id`)
);
--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `site_builds` (
	`id` text PRIMARY KEY NOT NULL,
	`blog_id` text NOT NULL,
	`status` text NOT NULL,
	`full` integer NOT NULL,
	`pages_written` integer DEFAULT 0 NOT NULL,
	`started_at` integer NOT NULL,
	`finished_at` integer NOT NULL,
	`duration_ms` integer NOT NULL,
	`error` text,
	FOREIGN KEY (`blog_id`) REFERENCES `blogs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `site_builds_blog_idx` ON `site_builds` (`blog_id`,`finished_at`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text,
	`first_name` text,
	`last_name` text,
	`profile_image_url` text,
	`password_hash` text,
	`oidc_issuer` text,
	`oidc_subject` text,
	`maximum_trust` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_local_email_unique` ON `users` (`email`) WHERE "users"."password_hash" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX `users_oidc_subject_unique` ON `users` (`oidc_issuer`,`oidc_subject`);