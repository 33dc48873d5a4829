ALTER TABLE "ai_usage" ADD COLUMN "post_id" text;--> statement-breakpoint
CREATE INDEX "ai_usage_post_idx" ON "ai_usage" USING btree ("post_id");