import { and, eq, isNotNull, type SQL, sql } from "drizzle-orm";
import type { PostStatus } from "../../../../contracts/limits.ts";
import { excerptFromContent } from "../../../content/excerpt.ts";
import type { Database, Queryable } from "../../../db/client.ts";
import { isPostgres, rawRows } from "../../../db/query.ts";
import { posts } from "../../../db/schema.ts";
import { tagNamesOf } from "../../tags/service.ts";
import { blogForPosts } from "../post-access.ts";
import {
  fillBlankExcerpts,
  filterConditions,
  newestFirst,
  summaryColumns,
} from "../post-list-query.ts";
import {
  authorsOf,
  type PostFilter,
  type PostList,
  type PostRow,
  type PostSummaryRow,
} from "../post-rows.ts";

export function postSummariesQuery(db: Queryable, blogId: string, filter: PostFilter = {}) {
  return db
    .select(summaryColumns)
    .from(posts)
    .where(and(...filterConditions(db, blogId, filter)))
    .orderBy(...newestFirst);
}

/** Milliseconds since the epoch as `Date#toISOString` writes them, in integer arithmetic; null stays null. */
const isoText = (column: string) =>
  `strftime('%Y-%m-%dT%H:%M:%S', ${column} / 1000, 'unixepoch') || printf('.%03dZ', ${column} % 1000)`;
/** The same text on PostgreSQL, exact to the millisecond (no floating point on the way). */
const pgIsoText = (column: string) =>
  `to_char(timestamp 'epoch' + ${column} * interval '1 millisecond', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The list as one JSON array of positional tuples, built by SQLite: the libSQL client turns
 * every value of a result row into a property one by one, which for 10,000 posts × 12 columns
 * costs more than everything else together. One string value crosses instead, and
 * `listPosts` turns the tuples back into typed rows (docs/decisions/021).
 */
export function postSummariesStatement(
  db: Queryable,
  blogId: string,
  filter: PostFilter = {},
): SQL {
  const postgres = isPostgres(db);
  const tuple = [
    ...["id", "blog_id", "author_id", "title", "excerpt", "status", "slug", "category_id"],
    ...["scheduled_publish_at", "published_at", "created_at", "updated_at"].map(
      postgres ? pgIsoText : isoText,
    ),
  ].join(", ");
  const query = postSummariesQuery(db, blogId, filter);
  // json_agg is told the order (a subquery's order is not promised to an aggregate);
  // `::text` hands over one string as SQLite's does.
  return postgres
    ? sql`select coalesce(json_agg(json_build_array(${sql.raw(tuple)}) order by created_at desc, id desc), '[]')::text as list from (${query}) as summaries`
    : sql`select json_group_array(json_array(${sql.raw(tuple)})) as list from (${query})`;
}

type SummaryTuple = [
  id: string,
  blogId: string,
  authorId: string | null,
  title: string,
  excerpt: string,
  status: PostStatus,
  slug: string,
  categoryId: string | null,
  scheduledPublishAt: string | null,
  publishedAt: string | null,
  createdAt: string,
  updatedAt: string,
];

export function fullPostsQuery(db: Queryable, blogId: string, filter: PostFilter = {}) {
  return db
    .select()
    .from(posts)
    .where(and(...filterConditions(db, blogId, filter)))
    .orderBy(...newestFirst);
}

/**
 * A blog's posts for cards, newest first, without bodies. Saves always store an excerpt; a
 * row that has none anyway (written by other means) gets one from the start of its content,
 * read for those rows only.
 */
export async function listPosts(
  db: Database,
  userId: string,
  blogId: string,
  shown: PostFilter = {},
): Promise<PostList<PostSummaryRow>> {
  const { authorId } = await blogForPosts(db, userId, blogId);
  const filter = { ...shown, authorId };
  const [result] = await rawRows<{ list: string }>(db, postSummariesStatement(db, blogId, filter));
  const rows: PostSummaryRow[] = (JSON.parse(result?.list ?? "[]") as SummaryTuple[]).map((t) => ({
    id: t[0],
    blogId: t[1],
    authorId: t[2],
    title: t[3],
    excerpt: t[4],
    status: t[5],
    slug: t[6],
    categoryId: t[7],
    scheduledPublishAt: t[8],
    publishedAt: t[9],
    createdAt: t[10],
    updatedAt: t[11],
    reviewReasons: null,
  }));
  // The few posts automation held for review carry why (read by their own small index).
  const held = await db
    .select({ id: posts.id, reviewReasons: posts.reviewReasons })
    .from(posts)
    .where(and(eq(posts.blogId, blogId), isNotNull(posts.reviewReasons)));
  if (held.length > 0) {
    const reasons = new Map(held.map((h) => [h.id, h.reviewReasons]));
    for (const row of rows) row.reviewReasons = reasons.get(row.id) ?? null;
  }
  await fillBlankExcerpts(db, rows);
  return { posts: rows, authors: await authorsOf(db, rows) };
}

/** The same list with every field (`?include=content`), for API clients that export. */
export async function listPostsWithContent(
  db: Database,
  userId: string,
  blogId: string,
  shown: PostFilter = {},
): Promise<PostList<PostRow> & { tags: Map<string, string[]> }> {
  const { authorId } = await blogForPosts(db, userId, blogId);
  const rows = (await fullPostsQuery(db, blogId, { ...shown, authorId })).map((row) =>
    row.excerpt ? row : { ...row, excerpt: excerptFromContent(row.content) },
  );
  return {
    posts: rows,
    authors: await authorsOf(db, rows),
    tags: await tagNamesOf(
      db,
      rows.map((row) => row.id),
    ),
  };
}
