import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { Queryable } from "../../../db/client.ts";
import { postSlugHistory, posts, removedPostSlugs } from "../../../db/schema.ts";
import type { RecordChange } from "../../publishing/outbox.ts";
import { keepFingerprint } from "../fingerprints.ts";
import type { PostRow } from "../post-rows.ts";

/** Published again: its addresses (current and former slugs) are no longer gone. */
async function forgetRemoved(tx: Queryable, post: PostRow): Promise<void> {
  const formerSlugs = tx
    .select({ slug: postSlugHistory.slug })
    .from(postSlugHistory)
    .where(eq(postSlugHistory.postId, post.id));
  await tx
    .delete(removedPostSlugs)
    .where(
      and(
        eq(removedPostSlugs.blogId, post.blogId),
        or(eq(removedPostSlugs.slug, post.slug), inArray(removedPostSlugs.slug, formerSlugs)),
      ),
    );
}

/**
 * The one way posts become public: the owner's status change, the scheduler and content
 * automation all come here (as Ghost's scheduler calls the editor's publish). Inside the
 * caller's outbox transaction: status published, `publishedAt` set the first time only
 * (unpublishing and publishing again keeps the original date), a pending schedule and the
 * automation's held-for-review reasons cleared (publishing is the owner's decision), the
 * addresses' tombstones forgotten, fingerprints kept, and the render recorded.
 */
export async function publishPosts(
  tx: Queryable,
  record: RecordChange,
  postIds: string[],
  now: Date,
  /** The posts as the caller read them in this transaction, when it has (not read again). */
  read?: Pick<PostRow, "id" | "updatedAt">[],
): Promise<PostRow[]> {
  if (postIds.length === 0) return [];
  const known = read?.filter((row) => postIds.includes(row.id)) ?? [];
  const before = new Map(
    (known.length === postIds.length
      ? known
      : await tx
          .select({ id: posts.id, updatedAt: posts.updatedAt })
          .from(posts)
          .where(inArray(posts.id, postIds))
    ).map((row) => [row.id, row]),
  );
  const published = await tx
    .update(posts)
    .set({
      status: "published",
      publishedAt: sql`coalesce(${posts.publishedAt}, ${now.getTime()})`,
      scheduledPublishAt: null,
      reviewReasons: null,
      version: sql`${posts.version} + 1`,
    })
    .where(inArray(posts.id, postIds))
    .returning();
  const byBlog = new Map<string, string[]>();
  for (const post of published) {
    const was = before.get(post.id);
    if (was) await keepFingerprint(tx, was, post);
    await forgetRemoved(tx, post);
    byBlog.set(post.blogId, [...(byBlog.get(post.blogId) ?? []), post.id]);
  }
  for (const [blogId, ids] of byBlog) await record(blogId, { postIds: ids });
  return published;
}
