import { and, count, eq } from "drizzle-orm";
import type { PostSort } from "../../../../contracts/post-list.ts";
import type { PostCounts } from "../../../../contracts/posts.ts";
import type { Database, Queryable } from "../../../db/client.ts";
import { posts } from "../../../db/schema.ts";
import { blogForPosts } from "../post-access.ts";
import { fillBlankExcerpts, filterConditions, summaryColumns } from "../post-list-query.ts";
import {
  authorsOf,
  type PostFilter,
  type PostPageRows,
  type PostSummaryRow,
} from "../post-rows.ts";
import { postPageOrder, postViews } from "../sort.ts";

/**
 * Posts of the blog per status (stat cards), from the blog's status index; of one author when
 * the person sees only their own.
 */
export async function postCounts(
  db: Queryable,
  blogId: string,
  authorId?: string,
): Promise<PostCounts> {
  const rows = await db
    .select({ status: posts.status, n: count() })
    .from(posts)
    .where(and(eq(posts.blogId, blogId), authorId ? eq(posts.authorId, authorId) : undefined))
    .groupBy(posts.status);
  const counts: PostCounts = { all: 0, draft: 0, under_review: 0, published: 0 };
  for (const row of rows) {
    counts[row.status] = row.n;
    counts.all += row.n;
  }
  return counts;
}

const isoOf = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * One page of All Posts (decision 100): newest first or by the list's column (`sort`, decision
 * 355), filtered by status and by a search of titles and content (the `posts_fts` trigram
 * index), `limit` cards after `cursor`, with the blog's counts per status.
 */
export async function listPostPage(
  db: Database,
  userId: string,
  blogId: string,
  options: PostFilter & { limit: number; cursor?: string | undefined; sort?: PostSort | undefined },
): Promise<PostPageRows> {
  const { authorId } = await blogForPosts(db, userId, blogId);
  const conditions = filterConditions(db, blogId, { ...options, authorId });
  const order = postPageOrder(db, blogId, options.sort);
  if (options.cursor) conditions.push(order.after(options.cursor));
  const [found, counts] = await Promise.all([
    order
      .withJoins(
        db
          .select({ ...summaryColumns, reviewReasons: posts.reviewReasons, sortValue: order.value })
          .from(posts)
          .$dynamic(),
      )
      .where(and(...conditions))
      .orderBy(...order.by)
      .limit(options.limit + 1),
    postCounts(db, blogId, authorId),
  ]);
  const rows: PostSummaryRow[] = found.slice(0, options.limit).map(({ sortValue: _, ...row }) => ({
    ...row,
    scheduledPublishAt: isoOf(row.scheduledPublishAt),
    publishedAt: isoOf(row.publishedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
  await fillBlankExcerpts(db, rows);
  const last = rows.at(-1);
  return {
    posts: rows,
    authors: await authorsOf(db, rows),
    nextCursor:
      found.length > options.limit && last
        ? order.cursorOf({ ...last, sortValue: found[options.limit - 1]?.sortValue })
        : null,
    counts,
    views: await postViews(
      db,
      blogId,
      rows.map((row) => row.id),
    ),
  };
}
