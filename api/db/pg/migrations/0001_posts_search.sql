-- hand-written: substring search over posts' titles and content for All Posts, the PostgreSQL
-- equivalent of SQLite's trigram FTS5 table (decision 182). pg_trgm GIN indexes on the folded
-- text (lower case, accents removed) answer `blogfleet_fold(column) LIKE '%…%'`: any part of a
-- word in any script, ignoring case and accents, like the spec's "title or content contains".
-- Expression indexes are kept in step by PostgreSQL itself: no triggers.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could change); naming the dictionary makes the
-- wrapper safe to declare IMMUTABLE, which an index expression needs. COST 1000: folding a
-- post's content is expensive, and with the default cost the planner preferred folding every
-- post of a blog to the trigram indexes (1.3 s instead of 2 ms for a search that finds nothing).
CREATE FUNCTION blogfleet_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT COST 1000
  RETURN lower(unaccent('unaccent'::regdictionary, value));
--> statement-breakpoint
CREATE INDEX "posts_title_search_idx" ON "posts" USING gin (blogfleet_fold("title") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "posts_content_search_idx" ON "posts" USING gin (blogfleet_fold("content") gin_trgm_ops);
