import { eq } from "drizzle-orm";
import { posts } from "../../../db/schema.ts";
import { withOutbox } from "../../publishing/outbox.ts";
import { findOwnedPost, type PostDeps } from "../post-rows.ts";
import { rememberRemoved } from "../slugs.ts";

export async function deletePost(deps: PostDeps, ownerId: string, postId: string): Promise<void> {
  await withOutbox(deps.db, deps.contentEvents, async (tx, record) => {
    const post = await findOwnedPost(tx, ownerId, postId);
    if (post.status === "published") await rememberRemoved(tx, post, deps.clock());
    // Its former slugs go with it (ON DELETE CASCADE): they would redirect to nothing.
    await tx.delete(posts).where(eq(posts.id, post.id));
    if (post.status === "published") await record(post.blogId, { postIds: [post.id] });
  });
}
