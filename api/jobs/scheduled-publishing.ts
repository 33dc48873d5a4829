import { and, isNotNull, lte, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { posts } from "../db/schema.ts";
import { publishPosts } from "../features/posts/commands/publish-posts.ts";
import { postPublishedOnSchedule } from "../features/posts/post-events.ts";
import type { ContentEvents } from "../features/publishing/content-events.ts";
import { withOutbox } from "../features/publishing/outbox.ts";

export type PublishedPost = { blogId: string; postId: string };

/**
 * Publishes every post whose scheduled time has come, in one transaction, through
 * `publishPosts` (the one way posts become public) with the renders recorded in the outbox.
 * The schedule lives on the post itself, so after a crash or a restart the next run finds
 * exactly the posts still due: none is lost, none is published twice.
 */
export async function publishDuePosts(
  db: Database,
  events: ContentEvents,
  now: Date,
): Promise<PublishedPost[]> {
  return withOutbox(db, events, async (tx, record) => {
    // The schedule is claimed by clearing it, in the database's own conditional update: when
    // two processes run this at once (PostgreSQL), the second waits for the first's row locks,
    // finds no schedule left and publishes nothing. (The post's time of change stays: only the
    // publish below changes the post.)
    const due = await tx
      .update(posts)
      .set({ scheduledPublishAt: null, updatedAt: sql`${posts.updatedAt}` })
      .where(and(isNotNull(posts.scheduledPublishAt), lte(posts.scheduledPublishAt, now)))
      .returning({ id: posts.id });
    const published = await publishPosts(
      tx,
      record,
      due.map((post) => post.id),
      now,
    );
    for (const post of published) await postPublishedOnSchedule(tx, post, now);
    return published.map((post) => ({ blogId: post.blogId, postId: post.id }));
  });
}
