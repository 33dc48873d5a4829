CREATE TABLE "link_checks" (
	"id" text PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"host" text NOT NULL,
	"status" text DEFAULT 'unchecked' NOT NULL,
	"http_status" bigint,
	"final_url" text,
	"redirects" jsonb NOT NULL,
	"error" text,
	"last_checked_at" bigint,
	"last_worked_at" bigint,
	"next_check_at" bigint NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "link_replacements" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"from_url" text NOT NULL,
	"to_url" text NOT NULL,
	"changes" jsonb NOT NULL,
	"undone_at" bigint,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "link_scans" (
	"post_id" text PRIMARY KEY NOT NULL,
	"post_updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "link_uses" (
	"post_id" text NOT NULL,
	"url" text NOT NULL,
	"blog_id" text NOT NULL,
	CONSTRAINT "link_uses_post_id_url_pk" PRIMARY KEY("post_id","url")
);
--> statement-breakpoint
ALTER TABLE "link_replacements" ADD CONSTRAINT "link_replacements_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_scans" ADD CONSTRAINT "link_scans_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_uses" ADD CONSTRAINT "link_uses_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_uses" ADD CONSTRAINT "link_uses_blog_id_blogs_id_fk" FOREIGN KEY ("blog_id") REFERENCES "public"."blogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "link_checks_url_unique" ON "link_checks" USING btree ("url");--> statement-breakpoint
CREATE INDEX "link_checks_due_idx" ON "link_checks" USING btree ("next_check_at");--> statement-breakpoint
CREATE INDEX "link_replacements_owner_idx" ON "link_replacements" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "link_uses_url_idx" ON "link_uses" USING btree ("url");