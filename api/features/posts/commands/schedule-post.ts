import { eq, sql } from "drizzle-orm";
import type { Queryable } from "../../../db/client.ts";
import { posts } from "../../../db/schema.ts";
import { HttpError, ValidationFailed } from "../../../http/errors.ts";
import { imagesMissingAlt, missingAltConflict } from "../../media/image-checks.ts";
import { postFor } from "../post-access.ts";
import { refuseUnfinishedOutline } from "../post-checks.ts";
import { recordPostActivity } from "../post-events.ts";
import {
  type AuthorRow,
  type PostDeps,
  type PostRow,
  type PostWithAuthor,
  withAuthor,
} from "../post-rows.ts";

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
  const at = futureTime(deps, scheduledPublishAt);
  const post = await deps.db.transaction(async (tx) => {
    const access = await postFor(tx, owner.id, postId, "publish");
    return scheduleIn(tx, deps, owner, access.post, at);
  });
  // A schedule is not visible to readers until it publishes (see api/jobs/scheduled-publishing.ts).
  return withAuthor(deps.db, post, owner);
}

/** The time asked for, which must be in the future (400 otherwise); null clears a schedule. */
export function futureTime(deps: Pick<PostDeps, "clock">, time: string | null): Date | null {
  const at = time === null ? null : new Date(time);
  if (at && at.getTime() <= deps.clock().getTime()) {
    throw ValidationFailed([
      {
        path: "scheduledPublishAt",
        message: "Scheduled time must be in the future",
      },
    ]);
  }
  return at;
}

/**
 * Sets the schedule in the caller's transaction, for a person whose right to was checked:
 * `schedulePost`, and the review queue's "Approve & schedule" (decision 371).
 */
export async function scheduleIn(
  tx: Queryable,
  deps: Pick<PostDeps, "clock">,
  user: AuthorRow,
  before: PostRow,
  at: Date | null,
): Promise<PostRow> {
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
  // A schedule cleared is logged as `null`.
  const details = { scheduledPublishAt: at?.toISOString() ?? null };
  await recordPostActivity(tx, user.id, "post.scheduled", after, details, deps.clock());
  return after;
}
