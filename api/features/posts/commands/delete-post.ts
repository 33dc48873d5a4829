import { eq } from "drizzle-orm";
import { posts } from "../../../db/schema.ts";
import { withOutbox } from "../../publishing/outbox.ts";
import { postFor } from "../post-access.ts";
import { recordPostActivity } from "../post-events.ts";
import type { PostDeps } from "../post-rows.ts";
import { rememberRemoved } from "../slugs.ts";

/** Deletes the post; a live one only by someone who may unpublish it. */
export async function deletePost(deps: PostDeps, userId: string, postId: string): Promise<void> {
  await withOutbox(deps.db, deps.contentEvents, async (tx, record) => {
    const { post } = await postFor(tx, userId, postId, "change");
    if (post.status === "published") await rememberRemoved(tx, post, deps.clock());
    // Its former slugs go with it (ON DELETE CASCADE): they would redirect to nothing.
    await tx.delete(posts).where(eq(posts.id, post.id));
    if (post.status === "published") await record(post.blogId, { postIds: [post.id] });
    await recordPostActivity(tx, userId, "post.deleted", post, undefined, deps.clock());
  });
}
