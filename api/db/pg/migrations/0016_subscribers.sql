CREATE TABLE "subscribers" (
	"id" text PRIMARY KEY NOT NULL,
	"blog_id" text NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"consent_page" text,
	"consent_text" text,
	"confirmed_at" bigint,
	"confirmation_sent_at" bigint,
	"unsubscribed_at" bigint,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscribers" ADD CONSTRAINT "subscribers_blog_id_blogs_id_fk" FOREIGN KEY ("blog_id") REFERENCES "public"."blogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscribers_blog_email_unique" ON "subscribers" USING btree ("blog_id","email");--> statement-breakpoint
CREATE INDEX "subscribers_blog_status_idx" ON "subscribers" USING btree ("blog_id","status");