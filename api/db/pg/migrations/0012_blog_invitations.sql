CREATE TABLE "blog_invitations" (
	"id" text PRIMARY KEY NOT NULL,
	"blog_id" text NOT NULL,
	"role" text NOT NULL,
	"email" text,
	"created_by" text,
	"created_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL,
	"used_at" bigint,
	"used_by" text,
	"revoked_at" bigint
);
--> statement-breakpoint
ALTER TABLE "blog_invitations" ADD CONSTRAINT "blog_invitations_blog_id_blogs_id_fk" FOREIGN KEY ("blog_id") REFERENCES "public"."blogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_invitations" ADD CONSTRAINT "blog_invitations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_invitations" ADD CONSTRAINT "blog_invitations_used_by_users_id_fk" FOREIGN KEY ("used_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blog_invitations_blog_idx" ON "blog_invitations" USING btree ("blog_id","created_at");