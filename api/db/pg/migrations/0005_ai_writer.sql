CREATE TABLE "ai_generations" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"blog_id" text,
	"post_id" text,
	"origin" text NOT NULL,
	"input" jsonb NOT NULL,
	"status" text NOT NULL,
	"progress" jsonb NOT NULL,
	"result" jsonb,
	"error" text,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	"finished_at" bigint
);
--> statement-breakpoint
CREATE TABLE "blog_voices" (
	"blog_id" text PRIMARY KEY NOT NULL,
	"persona_name" text,
	"persona_bio" text,
	"persona_credentials" text,
	"persona_links" jsonb NOT NULL,
	"persona_photo_id" text,
	"tone" text,
	"reading_level" text,
	"words_to_use" jsonb NOT NULL,
	"words_to_avoid" jsonb NOT NULL,
	"example_post_ids" jsonb NOT NULL,
	"source_urls" jsonb NOT NULL,
	"source_notes" jsonb NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_research" (
	"post_id" text PRIMARY KEY NOT NULL,
	"sources" jsonb NOT NULL,
	"citations" jsonb NOT NULL,
	"failures" jsonb NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "automation_settings" ADD COLUMN "topic_details" jsonb;--> statement-breakpoint
ALTER TABLE "ai_generations" ADD CONSTRAINT "ai_generations_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_generations" ADD CONSTRAINT "ai_generations_blog_id_blogs_id_fk" FOREIGN KEY ("blog_id") REFERENCES "public"."blogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_generations" ADD CONSTRAINT "ai_generations_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_voices" ADD CONSTRAINT "blog_voices_blog_id_blogs_id_fk" FOREIGN KEY ("blog_id") REFERENCES "public"."blogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_voices" ADD CONSTRAINT "blog_voices_persona_photo_id_media_id_fk" FOREIGN KEY ("persona_photo_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_research" ADD CONSTRAINT "post_research_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_generations_owner_idx" ON "ai_generations" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "ai_generations_blog_idx" ON "ai_generations" USING btree ("blog_id","created_at");