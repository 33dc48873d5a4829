CREATE TABLE "author_profiles" (
	"id" text PRIMARY KEY NOT NULL,
	"blog_id" text NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"bio" text,
	"photo_id" text,
	"links" jsonb NOT NULL,
	"slug" text NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blog_voices" ADD COLUMN "persona_responsible_user_id" text;--> statement-breakpoint
ALTER TABLE "author_profiles" ADD CONSTRAINT "author_profiles_blog_id_blogs_id_fk" FOREIGN KEY ("blog_id") REFERENCES "public"."blogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "author_profiles" ADD CONSTRAINT "author_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "author_profiles" ADD CONSTRAINT "author_profiles_photo_id_media_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "author_profiles_blog_user_unique" ON "author_profiles" USING btree ("blog_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "author_profiles_blog_slug_unique" ON "author_profiles" USING btree ("blog_id","slug");--> statement-breakpoint
CREATE INDEX "author_profiles_user_idx" ON "author_profiles" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "blog_voices" ADD CONSTRAINT "blog_voices_persona_responsible_user_id_users_id_fk" FOREIGN KEY ("persona_responsible_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;