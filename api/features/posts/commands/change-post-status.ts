import { eq, sql } from "drizzle-orm";
import { type PostStatus, postStatusLabels } from "../../../../contracts/limits.ts";
import { canChangeStatus } from "../../../../contracts/posts.ts";
import { posts } from "../../../db/schema.ts";
import { Conflict } from "../../../http/errors.ts";
import { imagesMissingAlt, missingAltConflict } from "../../media/image-checks.ts";
import { withOutbox } from "../../publishing/outbox.ts";
import { keepFingerprint } from "../fingerprints.ts";
import { refuseUnfinishedOutline } from "../post-checks.ts";
import {
  type AuthorRow,
  findOwnedPostAndBlog,
  type PostDeps,
  type PostWithAuthor,
  withAuthor,
} from "../post-rows.ts";
import { rememberRemoved } from "../slugs.ts";
import { checkPrecondition, type Precondition } from "../versions.ts";
import { publishPosts } from "./publish-posts.ts";

const label = (status: PostStatus) => postStatusLabels[status];

/**
 * Enforces the transitions of `postStatusTransitions`. Publishing sets `publishedAt` the first
 * time only (unpublishing and publishing again keeps the original date) and drops a pending
 * schedule, which has nothing left to do.
 */
export async function changePostStatus(
  deps: PostDeps,
  owner: AuthorRow,
  postId: string,
  status: PostStatus,
  precondition?: Precondition,
): Promise<PostWithAuthor> {
  const after = await withOutbox(deps.db, deps.contentEvents, async (tx, record) => {
    const { post: before, reviewBeforePublishing } = await findOwnedPostAndBlog(
      tx,
      owner.id,
      postId,
    );
    await checkPrecondition(tx, before, precondition);
    if (before.status === status) {
      throw Conflict(`The post is already ${label(status)}`, "invalid_status_transition");
    }
    if (before.status === "draft" && status === "published" && reviewBeforePublishing) {
      throw Conflict(
        "This blog reviews posts before publishing: submit the draft for review first, or turn off 'Review before publishing' in Settings to publish in one step.",
        "invalid_status_transition",
      );
    }
    if (!canChangeStatus(before.status, status, { reviewBeforePublishing: false })) {
      throw Conflict(
        `Cannot change status from ${label(before.status)} to ${label(status)}`,
        "invalid_status_transition",
      );
    }
    if (status === "published") {
      refuseUnfinishedOutline(before.content);
      const missing = await imagesMissingAlt(tx, before);
      if (missing.length > 0) throw missingAltConflict(missing);
      const [published] = await publishPosts(tx, record, [before.id], deps.clock(), [before]);
      if (!published) throw new Error("publish updated no row");
      return published;
    }
    const [after] = await tx
      .update(posts)
      .set({ status, version: sql`${posts.version} + 1` })
      .where(eq(posts.id, before.id))
      .returning();
    if (!after) throw new Error("update returned no row");
    await keepFingerprint(tx, before, after);
    if (before.status === "published") {
      await rememberRemoved(tx, before, deps.clock());
      await record(after.blogId, { postIds: [after.id] });
    }
    return after;
  });
  return withAuthor(deps.db, after, owner);
}
