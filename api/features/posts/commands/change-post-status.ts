import { eq, sql } from "drizzle-orm";
import { type PostStatus, postStatusLabels } from "../../../../contracts/limits.ts";
import { canChangeStatus } from "../../../../contracts/posts.ts";
import { can, type Role } from "../../../../contracts/roles.ts";
import type { Queryable } from "../../../db/client.ts";
import { posts } from "../../../db/schema.ts";
import { Conflict } from "../../../http/errors.ts";
import { imagesMissingAlt, missingAltConflict } from "../../media/image-checks.ts";
import { type RecordChange, withOutbox } from "../../publishing/outbox.ts";
import { keepFingerprint } from "../fingerprints.ts";
import { type PostAccess, type PostAction, postFor, requirePostAction } from "../post-access.ts";
import { refuseUnfinishedOutline } from "../post-checks.ts";
import { postStatusChanged } from "../post-events.ts";
import {
  type AuthorRow,
  type PostDeps,
  type PostRow,
  type PostWithAuthor,
  withAuthor,
} from "../post-rows.ts";
import { rememberRemoved } from "../slugs.ts";
import { checkPrecondition, type Precondition } from "../versions.ts";
import { publishPosts } from "./publish-posts.ts";

const label = (status: PostStatus) => postStatusLabels[status];

/**
 * What a status change needs of the person's role (decision 367): publishing and unpublishing
 * are `publish`; submitting a draft for review is `draft` (the author's own step); sending a
 * post under review back to draft is the reviewer's "Request changes" or the author's withdrawal.
 */
function actionOf(access: { role: Role }, from: PostStatus, to: PostStatus): PostAction {
  if (from === "published" || to === "published") return "publish";
  if (from === "under_review" && can(access.role, "posts.review")) return "read";
  return "draft";
}

/**
 * Enforces the transitions of `postStatusTransitions`. Publishing sets `publishedAt` the first
 * time only (unpublishing and publishing again keeps the original date) and drops a pending
 * schedule, which has nothing left to do.
 */
export async function changePostStatus(
  deps: PostDeps,
  user: AuthorRow,
  postId: string,
  status: PostStatus,
  precondition?: Precondition,
): Promise<PostWithAuthor> {
  const after = await withOutbox(deps.db, deps.contentEvents, async (tx, record) => {
    const access = await postFor(tx, user.id, postId, "read");
    requirePostAction(access, user.id, actionOf(access, access.post.status, status));
    await checkPrecondition(tx, access.post, precondition);
    return changeStatusIn(tx, record, deps, user, access, status);
  });
  return withAuthor(deps.db, after, user);
}

/**
 * The status change itself, in the caller's transaction, for a person whose right to make it
 * was checked: `changePostStatus`, and the review queue's decisions (decision 371).
 */
export async function changeStatusIn(
  tx: Queryable,
  record: RecordChange,
  deps: Pick<PostDeps, "clock">,
  user: AuthorRow,
  access: PostAccess,
  status: PostStatus,
): Promise<PostRow> {
  const { post: before } = access;
  const { reviewBeforePublishing } = access.blog;
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
    // Publishing someone else's post under review is reviewing it: the reviewer is recorded.
    if (
      before.status === "under_review" &&
      before.authorId !== user.id &&
      can(access.role, "posts.review")
    ) {
      await tx.update(posts).set({ reviewedBy: user.id }).where(eq(posts.id, before.id));
    }
    const [published] = await publishPosts(tx, record, [before.id], deps.clock(), [before]);
    if (!published) throw new Error("publish updated no row");
    await postStatusChanged(tx, user, before, published, deps.clock());
    return published;
  }
  const [after] = await tx
    .update(posts)
    .set({
      status,
      version: sql`${posts.version} + 1`,
      // The review queue is oldest first by when a post was (last) submitted.
      // A new submission waits for a new review.
      ...(status === "under_review" ? { submittedAt: deps.clock(), reviewedBy: null } : {}),
    })
    .where(eq(posts.id, before.id))
    .returning();
  if (!after) throw new Error("update returned no row");
  await keepFingerprint(tx, before, after);
  if (before.status === "published") {
    await rememberRemoved(tx, before, deps.clock());
    await record(after.blogId, { postIds: [after.id] });
  }
  await postStatusChanged(tx, user, before, after, deps.clock());
  return after;
}
