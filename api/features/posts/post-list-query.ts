import { desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { excerptFromContent } from "../../content/excerpt.ts";
import type { Queryable } from "../../db/client.ts";
import { isPostgres } from "../../db/query.ts";
import { posts } from "../../db/schema.ts";
import type { PostFilter, PostSummaryRow } from "./post-rows.ts";

/* The parts of a post list that the full list and the paged list share. */

/** The columns a post card needs: all of them in `posts_blog_created_idx`, which covers the list. */
export const summaryColumns = {
  id: posts.id,
  blogId: posts.blogId,
  authorId: posts.authorId,
  title: posts.title,
  excerpt: posts.excerpt,
  status: posts.status,
  slug: posts.slug,
  categoryId: posts.categoryId,
  scheduledPublishAt: posts.scheduledPublishAt,
  publishedAt: posts.publishedAt,
  createdAt: posts.createdAt,
  updatedAt: posts.updatedAt,
};

/**
 * Newest first by `posts_blog_created_idx` (blog, created time, id, then the card fields), so
 * SQLite walks that one index backwards: no sort, and no read of the rows with their bodies.
 * Exported so tests and the bench check the plan of the very statement the list runs.
 */
export const newestFirst = [desc(posts.createdAt), desc(posts.id)];

/**
 * The trigram index answers searches of 3 characters or more; a shorter one is a plain
 * `LIKE`, which walks the blog's posts newest first and stops once a page is full.
 */
export const trigramLength = 3;
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** The search as one FTS5 string: found anywhere in a title or content, as typed. */
export const ftsPhrase = (text: string) => `"${text.replace(/"/g, '""')}"`;

export function filterConditions(db: Queryable, blogId: string, filter: PostFilter): SQL[] {
  const conditions: SQL[] = [eq(posts.blogId, blogId)];
  if (filter.status) conditions.push(eq(posts.status, filter.status));
  if (filter.authorId) conditions.push(eq(posts.authorId, filter.authorId));
  const q = filter.q?.trim() ?? "";
  if (q !== "" && isPostgres(db)) {
    // pg_trgm GIN indexes on the folded (lower case, unaccented) title and content answer
    // the same substring search as SQLite's trigram FTS5 table (decision 182).
    const pattern = likePattern(q);
    conditions.push(
      sql`(blogfleet_fold(${posts.title}) like blogfleet_fold(${pattern}) escape '\\' or blogfleet_fold(${posts.content}) like blogfleet_fold(${pattern}) escape '\\')`,
    );
  } else if (q !== "") {
    if (Array.from(q).length >= trigramLength) {
      conditions.push(
        sql`${posts}.rowid in (select rowid from posts_fts where posts_fts match ${ftsPhrase(q)})`,
      );
    } else {
      const pattern = likePattern(q);
      conditions.push(
        sql`(${posts.title} like ${pattern} escape '\\' or ${posts.content} like ${pattern} escape '\\')`,
      );
    }
  }
  return conditions;
}

/**
 * Saves always store an excerpt; a row that has none anyway (written by other means) gets one
 * from the start of its content, read for those rows only.
 */
export async function fillBlankExcerpts(db: Queryable, rows: PostSummaryRow[]): Promise<void> {
  const blank = rows.filter((row) => row.excerpt === "");
  if (blank.length > 0) {
    const starts = new Map<string, string>();
    for (let i = 0; i < blank.length; i += 500) {
      const found = await db
        .select({ id: posts.id, start: sql<string>`substr(${posts.content}, 1, 4000)` })
        .from(posts)
        .where(
          inArray(
            posts.id,
            blank.slice(i, i + 500).map((row) => row.id),
          ),
        );
      for (const { id, start } of found) starts.set(id, start);
    }
    for (const row of blank) row.excerpt = excerptFromContent(starts.get(row.id) ?? "");
  }
}
