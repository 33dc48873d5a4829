CREATE TABLE "automation_topics" (
	"id" text PRIMARY KEY NOT NULL,
	"blog_id" text NOT NULL,
	"topic" text NOT NULL,
	"normalized_topic" text NOT NULL,
	"status" text NOT NULL,
	"generation_id" text,
	"post_id" text,
	"claimed_at" bigint NOT NULL,
	"used_at" bigint
);
--> statement-breakpoint
ALTER TABLE "automation_topics" ADD CONSTRAINT "automation_topics_blog_id_blogs_id_fk" FOREIGN KEY ("blog_id") REFERENCES "public"."blogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_topics" ADD CONSTRAINT "automation_topics_generation_id_ai_generations_id_fk" FOREIGN KEY ("generation_id") REFERENCES "public"."ai_generations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_topics" ADD CONSTRAINT "automation_topics_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "automation_topics_blog_topic_unique" ON "automation_topics" USING btree ("blog_id","normalized_topic");