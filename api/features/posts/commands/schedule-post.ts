import { eq, sql } from "drizzle-orm";
import { posts } from "../../../db/schema.ts";
import { HttpError, ValidationFailed } from "../../../http/errors.ts";
import { imagesMissingAlt, missingAltConflict } from "../../media/image-checks.ts";
import { postFor } from "../post-access.ts";
import { refuseUnfinishedOutline } from "../post-checks.ts";
import { type AuthorRow, type PostDeps, type PostWithAuthor, withAuthor } from "../post-rows.ts";

/**
 * Sets or clears (null) the time the post publishes itself. The time must be in the future;
 * a published post has nothing to schedule (409). Any unpublished post may be scheduled:
 * scheduling is the owner's instruction to publish, so review is not required first.
 */
export async function schedulePost(
  deps: PostDeps,
  owner: AuthorRow,
  postId: string,
  scheduledPublishAt: string | null,
): Promise<PostWithAuthor> {
  const at = scheduledPublishAt === null ? null : new Date(scheduledPublishAt);
  if (at && at.getTime() <= deps.clock().getTime()) {
    throw ValidationFailed([
      {
        path: "scheduledPublishAt",
        message: "Scheduled time must be in the future",
      },
    ]);
  }
  const post = await deps.db.transaction(async (tx) => {
    const { post: before } = await postFor(tx, owner.id, postId, "publish");
    if (at && before.status === "published") {
      throw new HttpError(
        409,
        "already_published",
        "This post is already published. Unpublish it first to schedule it.",
      );
    }
    if (at) {
      // Scheduling is the owner's instruction to publish: the same rules apply now.
      refuseUnfinishedOutline(before.content);
      const missing = await imagesMissingAlt(tx, before);
      if (missing.length > 0) throw missingAltConflict(missing);
    }
    if ((before.scheduledPublishAt?.getTime() ?? null) === (at?.getTime() ?? null)) return before;
    const [after] = await tx
      .update(posts)
      .set({ scheduledPublishAt: at, version: sql`${posts.version} + 1` })
      .where(eq(posts.id, before.id))
      .returning();
    if (!after) throw new Error("update returned no row");
    return after;
  });
  // A schedule is not visible to readers until it publishes (see api/jobs/scheduled-publishing.ts).
  return withAuthor(deps.db, post, owner);
}
