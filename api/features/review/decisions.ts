import { and, eq, sql } from "drizzle-orm";
import type { ApprovePostInput, RequestChangesInput } from "../../../contracts/review.ts";
import { can } from "../../../contracts/roles.ts";
import { displayNameOf } from "../../../contracts/users.ts";
import { first } from "../../db/query.ts";
import { blogMembers, posts } from "../../db/schema.ts";
import { Conflict, ValidationFailed } from "../../http/errors.ts";
import { requireCapability } from "../members/access.ts";
import { notify } from "../notifications/notify.ts";
import { changeStatusIn } from "../posts/commands/change-post-status.ts";
import { futureTime, scheduleIn } from "../posts/commands/schedule-post.ts";
import { type PostAccess, postFor } from "../posts/post-access.ts";
import { recordPostActivity } from "../posts/post-events.ts";
import type { AuthorRow, PostDeps, PostRow } from "../posts/post-rows.ts";
import { withOutbox } from "../publishing/outbox.ts";
import { addNote } from "./notes.ts";

/*
 * The reviewer's decisions on a post under review (decision 371): assign, request changes,
 * approve and publish, approve and schedule. Each is one transaction: the status, the note,
 * the activity and the notifications together or not at all.
 */

/** The post waits for a decision (under review, not approved for a time), or 409 saying why not. */
function requireUnderReview(access: PostAccess): void {
  if (access.post.status !== "under_review") {
    throw Conflict(
      "This post is not under review any more: someone decided on it or its author took it back. Reload to see where it is.",
      "not_under_review",
    );
  }
  if (access.post.scheduledPublishAt !== null) {
    throw Conflict(
      "This post is approved and scheduled. Clear its schedule first to review it again.",
      "not_under_review",
    );
  }
}

/**
 * Assigns the review to an owner or editor of the blog, or to nobody (`null`). Reviewers
 * assign; the person assigned must be able to review the blog (400 otherwise).
 */
export async function assignReviewer(
  deps: PostDeps,
  user: AuthorRow,
  postId: string,
  assigneeId: string | null,
): Promise<PostRow> {
  return deps.db.transaction(async (tx) => {
    const access = await postFor(tx, user.id, postId, "read");
    requireCapability(access, "posts.review");
    if (assigneeId !== null && assigneeId !== access.blog.ownerId) {
      const member = await first(
        tx
          .select({ role: blogMembers.role })
          .from(blogMembers)
          .where(and(eq(blogMembers.blogId, access.blog.id), eq(blogMembers.userId, assigneeId))),
      );
      if (!member || !can(member.role, "posts.review")) {
        throw ValidationFailed([
          {
            path: "userId",
            message: "Assign the review to the blog's owner or one of its editors",
          },
        ]);
      }
    }
    const [after] = await tx
      .update(posts)
      .set({ assigneeId, version: sql`${posts.version} + 1` })
      .where(eq(posts.id, access.post.id))
      .returning();
    if (!after) throw new Error("update returned no row");
    return after;
  });
}

/** "Request changes": back to draft with the note, the author told. */
export async function requestChanges(
  deps: PostDeps,
  user: AuthorRow,
  postId: string,
  input: RequestChangesInput,
): Promise<PostRow> {
  return withOutbox(deps.db, deps.contentEvents, async (tx, record) => {
    const access = await postFor(tx, user.id, postId, "read");
    requireCapability(access, "posts.review");
    requireUnderReview(access);
    const after = await changeStatusIn(tx, record, deps, user, access, "draft");
    await addNote(tx, access, user.id, { body: input.note, kind: "changes_requested" });
    await recordPostActivity(tx, user.id, "post.changes_requested", after, undefined, deps.clock());
    await notify(tx, {
      userIds: after.authorId ? [after.authorId] : [],
      blogId: after.blogId,
      kind: "changes_requested",
      actorId: user.id,
      postId: after.id,
      text: `${displayNameOf(user)} asked for changes to “${after.title}”: ${input.note.slice(0, 200)}`,
    });
    return after;
  });
}

/**
 * "Approve & publish" (no time) or "Approve & schedule": the reviewer is recorded on the post
 * (shown to readers in how the post was made), with the optional note; publishing tells the
 * author it went live, scheduling that it was approved and when it goes live.
 */
export async function approvePost(
  deps: PostDeps,
  user: AuthorRow,
  postId: string,
  input: ApprovePostInput,
): Promise<PostRow> {
  const at = input.scheduledPublishAt ? futureTime(deps, input.scheduledPublishAt) : null;
  return withOutbox(deps.db, deps.contentEvents, async (tx, record) => {
    const access = await postFor(tx, user.id, postId, "publish");
    requireCapability(access, "posts.review");
    requireUnderReview(access);
    const [reviewed] = await tx
      .update(posts)
      .set({ reviewedBy: user.id, assigneeId: null })
      .where(eq(posts.id, access.post.id))
      .returning();
    if (!reviewed) throw new Error("update returned no row");
    const approved = { ...access, post: reviewed };
    if (input.note) await addNote(tx, approved, user.id, { body: input.note, kind: "approved" });
    const details = at ? { scheduledPublishAt: at.toISOString() } : undefined;
    await recordPostActivity(tx, user.id, "post.approved", reviewed, details, deps.clock());
    if (!at) return changeStatusIn(tx, record, deps, user, approved, "published");
    const after = await scheduleIn(tx, deps, user, reviewed, at);
    await notify(tx, {
      userIds: after.authorId ? [after.authorId] : [],
      blogId: after.blogId,
      kind: "approved",
      actorId: user.id,
      postId: after.id,
      text: `${displayNameOf(user)} approved “${after.title}”; it goes live on ${at.toISOString().slice(0, 16).replace("T", " ")} UTC`,
    });
    return after;
  });
}
