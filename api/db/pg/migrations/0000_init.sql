CREATE TABLE "affiliate_clicks" (
	"id" text PRIMARY KEY NOT NULL,
	"link_id" text NOT NULL,
	"post_id" text,
	"visitor_hash" text NOT NULL,
	"day" text NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliate_links" (
	"id" text PRIMARY KEY NOT NULL,
	"blog_id" text NOT NULL,
	"keyword" text NOT NULL,
	"url" text NOT NULL,
	"auto_insert" boolean DEFAULT true NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"sub_id_param" text,
	"sub_id_template" text,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliate_recommendations" (
	"id" text PRIMARY KEY NOT NULL,
	"blog_id" text NOT NULL,
	"program_name" text NOT NULL,
	"category" text NOT NULL,
	"description" text NOT NULL,
	"commission_rate" text,
	"reasoning" text,
	"signup_url" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"source" text DEFAULT 'ai' NOT NULL,
	"created_at" bigint NOT NULL,
	"decided_at" bigint
);
--> statement-breakpoint
CREATE TABLE "ai_usage" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"blog_id" text,
	"kind" text NOT NULL,
	"model" text NOT NULL,
	"prompt_tokens" bigint DEFAULT 0 NOT NULL,
	"completion_tokens" bigint DEFAULT 0 NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_daily" (
	"blog_id" text NOT NULL,
	"day" text NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"views" bigint NOT NULL,
	"visitors" bigint NOT NULL,
	CONSTRAINT "analytics_daily_blog_id_day_dimension_value_pk" PRIMARY KEY("blog_id","day","dimension","value")
);
--> statement-breakpoint
CREATE TABLE "analytics_hourly" (
	"blog_id" text NOT NULL,
	"hour" bigint NOT NULL,
	"views" bigint NOT NULL,
	"visitors" bigint NOT NULL,
	CONSTRAINT "analytics_hourly_blog_id_hour_pk" PRIMARY KEY("blog_id","hour")
);
--> statement-breakpoint
CREATE TABLE "analytics_salts" (
	"blog_id" text NOT NULL,
	"day" text NOT NULL,
	"salt" text NOT NULL,
	CONSTRAINT "analytics_salts_blog_id_day_pk" PRIMARY KEY("blog_id","day")
);
--> statement-breakpoint
CREATE TABLE "analytics_settings" (
	"blog_id" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"honor_do_not_track" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "automation_settings" (
	"id" text PRIMARY KEY NOT NULL,
	"blog_id" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"niche" text,
	"topics" jsonb NOT NULL,
	"posting_frequency" text DEFAULT 'weekly' NOT NULL,
	"posts_per_week" bigint DEFAULT 3 NOT NULL,
	"auto_publish" boolean DEFAULT true NOT NULL,
	"last_generated_at" bigint,
	"next_run_at" bigint,
	"skip_reason" text,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "automation_settings_blog_id_unique" UNIQUE("blog_id")
);
--> statement-breakpoint
CREATE TABLE "blog_recommendations" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"suggested_name" text NOT NULL,
	"suggested_niche" text NOT NULL,
	"suggested_domain" text,
	"target_audience" text,
	"monetization_potential" text,
	"market_opportunity" text,
	"content_strategy" text,
	"suggested_topics" jsonb NOT NULL,
	"reasoning" text,
	"created_blog_id" text,
	"auto_approved" boolean DEFAULT false NOT NULL,
	"source" text DEFAULT 'ai' NOT NULL,
	"created_at" bigint NOT NULL,
	"decided_at" bigint
);
--> statement-breakpoint
CREATE TABLE "blog_redirects" (
	"blog_id" text NOT NULL,
	"from_path" text NOT NULL,
	"to_path" text NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "blog_redirects_blog_id_from_path_pk" PRIMARY KEY("blog_id","from_path")
);
--> statement-breakpoint
CREATE TABLE "blogs" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"slug" text NOT NULL,
	"subdomain" text,
	"custom_domain" text,
	"domain_verified" boolean DEFAULT false NOT NULL,
	"domain_verification_token" text,
	"domain_claimed_at" bigint,
	"domain_claim_ended" text,
	"domain_claim_ended_for" text,
	"primary_color" text DEFAULT '#df7020' NOT NULL,
	"font_family" text DEFAULT 'IBM Plex Serif' NOT NULL,
	"logo_url" text,
	"logo_media_id" text,
	"created_by_ai" boolean DEFAULT false NOT NULL,
	"ai_disclosure" boolean DEFAULT true NOT NULL,
	"review_before_publishing" boolean DEFAULT true NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "blogs_slug_unique" UNIQUE("slug"),
	CONSTRAINT "blogs_subdomain_unique" UNIQUE("subdomain")
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" text PRIMARY KEY NOT NULL,
	"blog_id" text NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"parent_id" text,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commission_mappings" (
	"owner_id" text NOT NULL,
	"network" text NOT NULL,
	"mapping" jsonb NOT NULL,
	CONSTRAINT "commission_mappings_owner_id_network_pk" PRIMARY KEY("owner_id","network")
);
--> statement-breakpoint
CREATE TABLE "commissions" (
	"id" text PRIMARY KEY NOT NULL,
	"blog_id" text NOT NULL,
	"post_id" text,
	"link_id" text,
	"network" text NOT NULL,
	"external_id" text NOT NULL,
	"sub_id" text NOT NULL,
	"day" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "excluded_hits" (
	"blog_id" text NOT NULL,
	"day" text NOT NULL,
	"reason" text NOT NULL,
	"hits" bigint NOT NULL,
	CONSTRAINT "excluded_hits_blog_id_day_reason_pk" PRIMARY KEY("blog_id","day","reason")
);
--> statement-breakpoint
CREATE TABLE "import_jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"blog_id" text NOT NULL,
	"format" text NOT NULL,
	"file_name" text NOT NULL,
	"status" text NOT NULL,
	"payload" jsonb NOT NULL,
	"total" bigint NOT NULL,
	"done" bigint DEFAULT 0 NOT NULL,
	"current_item" text,
	"report" jsonb NOT NULL,
	"error" text,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	"finished_at" bigint
);
--> statement-breakpoint
CREATE TABLE "imported_items" (
	"blog_id" text NOT NULL,
	"source_key" text NOT NULL,
	"job_id" text,
	"post_id" text,
	CONSTRAINT "imported_items_blog_id_source_key_pk" PRIMARY KEY("blog_id","source_key")
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" text PRIMARY KEY NOT NULL,
	"created_by" text NOT NULL,
	"created_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL,
	"used_at" bigint,
	"used_by" text
);
--> statement-breakpoint
CREATE TABLE "media" (
	"id" text PRIMARY KEY NOT NULL,
	"blog_id" text NOT NULL,
	"hash" text NOT NULL,
	"file_name" text NOT NULL,
	"alt" text DEFAULT '' NOT NULL,
	"format" text NOT NULL,
	"width" bigint NOT NULL,
	"height" bigint NOT NULL,
	"upload_bytes" bigint NOT NULL,
	"stored_bytes" bigint NOT NULL,
	"variants" jsonb NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oidc_login_flows" (
	"id" text PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"expires_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_hits" (
	"id" bigint PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "page_hits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"blog_id" text NOT NULL,
	"day" text NOT NULL,
	"hour" bigint NOT NULL,
	"path" text NOT NULL,
	"post_id" text,
	"status" bigint NOT NULL,
	"visitor" text NOT NULL,
	"referrer" text NOT NULL,
	"referrer_kind" text NOT NULL,
	"utm_source" text NOT NULL,
	"utm_medium" text NOT NULL,
	"utm_campaign" text NOT NULL,
	"device" text NOT NULL,
	"browser" text NOT NULL,
	"entry" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_fingerprints" (
	"post_id" text PRIMARY KEY NOT NULL,
	"post_updated_at" bigint NOT NULL,
	"shingles" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_pending_changes" (
	"post_id" text PRIMARY KEY NOT NULL,
	"author_id" text,
	"base_version" bigint NOT NULL,
	"fields" jsonb NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_revisions" (
	"id" text PRIMARY KEY NOT NULL,
	"post_id" text NOT NULL,
	"author_id" text,
	"post_version" bigint NOT NULL,
	"autosave" boolean DEFAULT false NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"excerpt" text NOT NULL,
	"meta_title" text,
	"meta_description" text,
	"keywords" jsonb NOT NULL,
	"slug" text NOT NULL,
	"category_id" text,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_slug_history" (
	"id" text PRIMARY KEY NOT NULL,
	"blog_id" text NOT NULL,
	"post_id" text NOT NULL,
	"slug" text NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"id" text PRIMARY KEY NOT NULL,
	"blog_id" text NOT NULL,
	"author_id" text,
	"category_id" text,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"excerpt" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"slug" text NOT NULL,
	"meta_title" text,
	"meta_description" text,
	"keywords" jsonb NOT NULL,
	"scheduled_publish_at" bigint,
	"published_at" bigint,
	"source" text DEFAULT 'owner' NOT NULL,
	"review_reasons" jsonb,
	"ai_text" text,
	"ai_assisted" boolean DEFAULT false NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	"feature_image_id" text,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "removed_blog_addresses" (
	"address" text PRIMARY KEY NOT NULL,
	"removed_at" bigint NOT NULL,
	"gone_until" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "removed_post_slugs" (
	"blog_id" text NOT NULL,
	"slug" text NOT NULL,
	"removed_at" bigint NOT NULL,
	CONSTRAINT "removed_post_slugs_blog_id_slug_pk" PRIMARY KEY("blog_id","slug")
);
--> statement-breakpoint
CREATE TABLE "render_jobs" (
	"blog_id" text PRIMARY KEY NOT NULL,
	"full" boolean DEFAULT false NOT NULL,
	"post_ids" jsonb NOT NULL,
	"requested_at" bigint NOT NULL,
	"started_at" bigint,
	"attempts" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scheduled_tasks" (
	"name" text NOT NULL,
	"subject_id" text NOT NULL,
	"next_run_at" bigint NOT NULL,
	"last_run_at" bigint,
	"last_error" text,
	CONSTRAINT "scheduled_tasks_name_subject_id_pk" PRIMARY KEY("name","subject_id")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"expires_at" bigint NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_builds" (
	"id" text PRIMARY KEY NOT NULL,
	"blog_id" text NOT NULL,
	"status" text NOT NULL,
	"full" boolean NOT NULL,
	"pages_written" bigint DEFAULT 0 NOT NULL,
	"started_at" bigint NOT NULL,
	"finished_at" bigint NOT NULL,
	"duration_ms" bigint NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text,
	"first_name" text,
	"last_name" text,
	"profile_image_url" text,
	"password_hash" text,
	"oidc_issuer" text,
	"oidc_subject" text,
	"maximum_trust" boolean DEFAULT false NOT NULL,
	"public_name" text,
	"public_bio" text,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "affiliate_clicks" ADD CONSTRAINT "affiliate_clicks_link_id_affiliate_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."affiliate_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_clicks" ADD CONSTRAINT "affiliate_clicks_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_links" ADD CONSTRAINT "affiliate_links_blog_id_blogs_id_fk" FOREIGN KEY ("blog_id") REFERENCES "public"."blogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_recommendations" ADD CONSTRAINT "affiliate_recommendations_blog_id_blogs_id_fk" FOREIGN KEY ("blog_id") REFERENCES "public"."blogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_usage" ADD CONSTRAINT "ai_usage_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_usage" ADD CONSTRAINT "ai_usage_blog_id_blogs_id_fk" FOREIGN KEY ("blog_id") REFERENCES "public"."blogs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_daily" ADD CONSTRAINT "analytics_daily_blog_id_blogs_id_fk" FOREIGN KEY ("blog_id") REFERENCES "public"."blogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_hourly" ADD CONSTRAINT "analytics_hourly_blog_id_blogs_id_fk" FOREIGN KEY ("blog_id") REFERENCES "public"."blogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_salts" ADD CONSTRAINT "analytics_salts_blog_id_blogs_id_fk" FOREIGN KEY ("blog_id") REFERENCES "public"."blogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_settings" ADD CONSTRAINT "analytics_settings_blog_id_blogs_id_fk" FOREIGN KEY ("blog_id") REFERENCES "public"."blogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_settings" ADD CONSTRAINT "automation_settings_blog_id_blogs_id_fk" FOREIGN KEY ("blog_id") REFERENCES "public"."blogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_recommendations" ADD CONSTRAINT "blog_recommendations_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_recommendations" ADD CONSTRAINT "blog_recommendations_created_blog_id_blogs_id_fk" FOREIGN KEY ("created_blog_id") REFERENCES "public"."blogs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_redirects" ADD CONSTRAINT "blog_redirects_blog_id_blogs_id_fk" FOREIGN KEY ("blog_id") REFERENCES "public"."blogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blogs" ADD CONSTRAINT "blogs_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blogs" ADD CONSTRAINT "blogs_logo_media_id_media_id_fk" FOREIGN KEY ("logo_media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_blog_id_blogs_id_fk" FOREIGN KEY ("blog_id") REFERENCES "public"."blogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_parent_id_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_mappings" ADD CONSTRAINT "commission_mappings_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_blog_id_blogs_id_fk" FOREIGN KEY ("blog_id") REFERENCES "public"."blogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_link_id_affiliate_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."affiliate_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "excluded_hits" ADD CONSTRAINT "excluded_hits_blog_id_blogs_id_fk" FOREIGN KEY ("blog_id") REFERENCES "public"."blogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_blog_id_blogs_id_fk" FOREIGN KEY ("blog_id") REFERENCES "public"."blogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imported_items" ADD CONSTRAINT "imported_items_blog_id_blogs_id_fk" FOREIGN KEY ("blog_id") REFERENCES "public"."blogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imported_items" ADD CONSTRAINT "imported_items_job_id_import_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."import_jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imported_items" ADD CONSTRAINT "imported_items_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_used_by_users_id_fk" FOREIGN KEY ("used_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_blog_id_blogs_id_fk" FOREIGN KEY ("blog_id") REFERENCES "public"."blogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_hits" ADD CONSTRAINT "page_hits_blog_id_blogs_id_fk" FOREIGN KEY ("blog_id") REFERENCES "public"."blogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_fingerprints" ADD CONSTRAINT "post_fingerprints_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_pending_changes" ADD CONSTRAINT "post_pending_changes_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_pending_changes" ADD CONSTRAINT "post_pending_changes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_revisions" ADD CONSTRAINT "post_revisions_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_revisions" ADD CONSTRAINT "post_revisions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_slug_history" ADD CONSTRAINT "post_slug_history_blog_id_blogs_id_fk" FOREIGN KEY ("blog_id") REFERENCES "public"."blogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_slug_history" ADD CONSTRAINT "post_slug_history_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_blog_id_blogs_id_fk" FOREIGN KEY ("blog_id") REFERENCES "public"."blogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_feature_image_id_media_id_fk" FOREIGN KEY ("feature_image_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "removed_post_slugs" ADD CONSTRAINT "removed_post_slugs_blog_id_blogs_id_fk" FOREIGN KEY ("blog_id") REFERENCES "public"."blogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "render_jobs" ADD CONSTRAINT "render_jobs_blog_id_blogs_id_fk" FOREIGN KEY ("blog_id") REFERENCES "public"."blogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_builds" ADD CONSTRAINT "site_builds_blog_id_blogs_id_fk" FOREIGN KEY ("blog_id") REFERENCES "public"."blogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "affiliate_clicks_link_day_idx" ON "affiliate_clicks" USING btree ("link_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_links_blog_keyword_unique" ON "affiliate_links" USING btree ("blog_id",lower("keyword"));--> statement-breakpoint
CREATE INDEX "affiliate_recommendations_blog_idx" ON "affiliate_recommendations" USING btree ("blog_id","status");--> statement-breakpoint
CREATE INDEX "ai_usage_owner_idx" ON "ai_usage" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "ai_usage_created_idx" ON "ai_usage" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "blog_recommendations_owner_idx" ON "blog_recommendations" USING btree ("owner_id","status");--> statement-breakpoint
CREATE INDEX "blogs_owner_idx" ON "blogs" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "blogs_verified_custom_domain_unique" ON "blogs" USING btree ("custom_domain") WHERE domain_verified = true;--> statement-breakpoint
CREATE INDEX "blogs_custom_domain_idx" ON "blogs" USING btree ("custom_domain");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_blog_slug_unique" ON "categories" USING btree ("blog_id","slug");--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "commissions_external_unique" ON "commissions" USING btree ("blog_id","network","external_id");--> statement-breakpoint
CREATE INDEX "commissions_blog_day_idx" ON "commissions" USING btree ("blog_id","day");--> statement-breakpoint
CREATE INDEX "import_jobs_blog_idx" ON "import_jobs" USING btree ("blog_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "media_blog_hash_unique" ON "media" USING btree ("blog_id","hash");--> statement-breakpoint
CREATE INDEX "media_blog_created_idx" ON "media" USING btree ("blog_id","created_at");--> statement-breakpoint
CREATE INDEX "media_hash_idx" ON "media" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "page_hits_blog_day_idx" ON "page_hits" USING btree ("blog_id","day");--> statement-breakpoint
CREATE INDEX "post_revisions_post_idx" ON "post_revisions" USING btree ("post_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "post_slug_history_blog_slug_unique" ON "post_slug_history" USING btree ("blog_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "posts_blog_slug_unique" ON "posts" USING btree ("blog_id","slug");--> statement-breakpoint
CREATE INDEX "posts_blog_created_idx" ON "posts" USING btree ("blog_id","created_at","id");--> statement-breakpoint
CREATE INDEX "posts_blog_status_published_idx" ON "posts" USING btree ("blog_id","status","published_at");--> statement-breakpoint
CREATE INDEX "posts_held_idx" ON "posts" USING btree ("blog_id") WHERE "posts"."review_reasons" is not null;--> statement-breakpoint
CREATE INDEX "posts_scheduled_idx" ON "posts" USING btree ("scheduled_publish_at") WHERE "posts"."scheduled_publish_at" is not null;--> statement-breakpoint
CREATE INDEX "posts_category_idx" ON "posts" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "posts_feature_image_idx" ON "posts" USING btree ("feature_image_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "site_builds_blog_idx" ON "site_builds" USING btree ("blog_id","finished_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_local_email_unique" ON "users" USING btree ("email") WHERE "users"."password_hash" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_oidc_subject_unique" ON "users" USING btree ("oidc_issuer","oidc_subject");