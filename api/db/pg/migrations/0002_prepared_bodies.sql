CREATE TABLE "prepared_bodies" (
	"post_id" text PRIMARY KEY NOT NULL,
	"post_updated_at" bigint NOT NULL,
	"links_signature" text NOT NULL,
	"sanitizer_version" bigint NOT NULL,
	"html" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "prepared_bodies" ADD CONSTRAINT "prepared_bodies_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;