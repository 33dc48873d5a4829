CREATE TABLE "newsletter_deliveries" (
	"issue_id" text NOT NULL,
	"subscriber_id" text NOT NULL,
	"status" text NOT NULL,
	"attempts" bigint DEFAULT 0 NOT NULL,
	"message_id" text NOT NULL,
	"error" text,
	"unsubscribed_at" bigint,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_issues" (
	"id" text PRIMARY KEY NOT NULL,
	"blog_id" text NOT NULL,
	"number" bigint NOT NULL,
	"kind" text NOT NULL,
	"post_id" text,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"recipients" bigint,
	"error" text,
	"created_by" text,
	"created_at" bigint NOT NULL,
	"started_at" bigint,
	"finished_at" bigint
);
--> statement-breakpoint
ALTER TABLE "affiliate_clicks" ADD COLUMN "issue_id" text;--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "newsletter_sender_name" text;--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "newsletter_sender_address" text;--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "newsletter_send_by_default" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "newsletter_weekly_digest" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "send_by_email" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_deliveries" ADD CONSTRAINT "newsletter_deliveries_issue_id_newsletter_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."newsletter_issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_deliveries" ADD CONSTRAINT "newsletter_deliveries_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_issues" ADD CONSTRAINT "newsletter_issues_blog_id_blogs_id_fk" FOREIGN KEY ("blog_id") REFERENCES "public"."blogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_issues" ADD CONSTRAINT "newsletter_issues_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_issues" ADD CONSTRAINT "newsletter_issues_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_deliveries_unique" ON "newsletter_deliveries" USING btree ("issue_id","subscriber_id");--> statement-breakpoint
CREATE INDEX "newsletter_deliveries_message_idx" ON "newsletter_deliveries" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "newsletter_deliveries_subscriber_idx" ON "newsletter_deliveries" USING btree ("subscriber_id");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_issues_blog_number_unique" ON "newsletter_issues" USING btree ("blog_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_issues_post_unique" ON "newsletter_issues" USING btree ("post_id") WHERE kind = 'post';--> statement-breakpoint
CREATE INDEX "newsletter_issues_status_idx" ON "newsletter_issues" USING btree ("status");