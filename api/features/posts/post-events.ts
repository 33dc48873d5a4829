import type { ActivityAction } from "../../../contracts/activity.ts";
import { displayNameOf } from "../../../contracts/users.ts";
import type { Queryable } from "../../db/client.ts";
import { recordActivity } from "../activity/record.ts";
import { notify, reviewersOf } from "../notifications/notify.ts";
import type { AuthorRow, PostRow } from "./post-rows.ts";

/*
 * What a post's change tells the team (decision 369): its row in the blog's activity log and
 * the notifications it sends, written in the command's transaction. The review queue's
 * approvals and requests for changes record their own.
 */

type PostNamed = Pick<PostRow, "id" | "blogId" | "title">;

/** One row of the blog's log about a post, naming the post as it is titled now. */
export const recordPostActivity = (
  tx: Queryable,
  actorId: string | null,
  action: ActivityAction,
  post: PostNamed,
  details?: Record<string, unknown>,
  now?: Date,
) =>
  recordActivity(
    tx,
    { blogId: post.blogId, actorId, action, postId: post.id, subject: post.title, details },
    now,
  );

/** Tells the author their post went live, unless they published it themselves. */
const tellAuthorPublished = (tx: Queryable, actorId: string | null, post: PostRow, text: string) =>
  notify(tx, {
    userIds: post.authorId ? [post.authorId] : [],
    blogId: post.blogId,
    kind: "published",
    actorId,
    postId: post.id,
    text,
  });

/**
 * A person's status change: submitted (and the reviewers told), withdrawn by its author,
 * published (and the author told), unpublished. Sending a post under review back to draft as
 * a reviewer is the review queue's "Request changes", which records itself.
 */
export async function postStatusChanged(
  tx: Queryable,
  actor: AuthorRow,
  before: PostRow,
  after: PostRow,
  now?: Date,
): Promise<void> {
  const name = displayNameOf(actor);
  if (after.status === "under_review") {
    await recordPostActivity(tx, actor.id, "post.submitted", after, undefined, now);
    await notify(tx, {
      userIds: await reviewersOf(tx, after.blogId),
      blogId: after.blogId,
      kind: "submitted",
      actorId: actor.id,
      postId: after.id,
      text: `${name} submitted “${after.title}” for review`,
    });
  } else if (after.status === "published") {
    await recordPostActivity(tx, actor.id, "post.published", after, undefined, now);
    await tellAuthorPublished(tx, actor.id, after, `${name} published “${after.title}”`);
  } else if (before.status === "published") {
    await recordPostActivity(tx, actor.id, "post.unpublished", after, undefined, now);
  } else if (before.status === "under_review" && before.authorId === actor.id) {
    await recordPostActivity(tx, actor.id, "post.withdrawn", after, undefined, now);
  }
}

/** Published by the scheduler: nobody did it just now, and the author is told. */
export async function postPublishedOnSchedule(
  tx: Queryable,
  post: PostRow,
  now?: Date,
): Promise<void> {
  await recordPostActivity(tx, null, "post.published", post, { scheduled: true }, now);
  await tellAuthorPublished(tx, null, post, `“${post.title}” was published as scheduled`);
}
