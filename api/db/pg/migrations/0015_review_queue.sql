CREATE TABLE "post_notes" (
	"id" text PRIMARY KEY NOT NULL,
	"post_id" text NOT NULL,
	"blog_id" text NOT NULL,
	"author_id" text,
	"parent_id" text,
	"body" text NOT NULL,
	"kind" text DEFAULT 'note' NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "submitted_at" bigint;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "assignee_id" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "reviewed_by" text;--> statement-breakpoint
ALTER TABLE "post_notes" ADD CONSTRAINT "post_notes_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_notes" ADD CONSTRAINT "post_notes_blog_id_blogs_id_fk" FOREIGN KEY ("blog_id") REFERENCES "public"."blogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_notes" ADD CONSTRAINT "post_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_notes" ADD CONSTRAINT "post_notes_parent_id_post_notes_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."post_notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_notes_post_idx" ON "post_notes" USING btree ("post_id","created_at");--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "posts_review_queue_idx" ON "posts" USING btree ("submitted_at","id") WHERE "posts"."status" = 'under_review';--> statement-breakpoint
UPDATE "posts" SET "submitted_at" = "updated_at" WHERE "status" = 'under_review';