import { and, eq } from "drizzle-orm";
import type { NotificationKind } from "../../../contracts/notifications.ts";
import type { Queryable } from "../../db/client.ts";
import { first } from "../../db/query.ts";
import { blogMembers, blogs, notifications } from "../../db/schema.ts";

export type NotificationRecord = {
  userIds: string[];
  blogId: string;
  kind: NotificationKind;
  /** Who caused it (never told about their own action); null for the scheduler. */
  actorId: string | null;
  postId?: string | null;
  /** What the bell and the e-mail say, written by the caller ("Ada submitted “Tomatoes”…"). */
  text: string;
};

/**
 * Tells people about a change (decision 369): one row per recipient, written in the
 * transaction of the change, so a change rolled back tells nobody. The actor is never told
 * about their own action. E-mail is not sent here: each row is marked for the notification
 * e-mails job, which sends it after the commit when the server sends e-mail, so a failing SMTP
 * server never fails the change.
 */
export async function notify(tx: Queryable, n: NotificationRecord): Promise<void> {
  const recipients = [...new Set(n.userIds)].filter((userId) => userId !== n.actorId);
  if (recipients.length === 0) return;
  await tx.insert(notifications).values(
    recipients.map((userId) => ({
      userId,
      blogId: n.blogId,
      kind: n.kind,
      actorId: n.actorId,
      postId: n.postId ?? null,
      text: n.text,
      emailPending: true,
    })),
  );
}

/** Who reviews the blog's posts: its owner and its editors (`posts.review`), as user ids. */
export async function reviewersOf(db: Queryable, blogId: string): Promise<string[]> {
  const blog = await first(
    db.select({ ownerId: blogs.ownerId }).from(blogs).where(eq(blogs.id, blogId)),
  );
  if (!blog) return [];
  const editors = await db
    .select({ userId: blogMembers.userId })
    .from(blogMembers)
    .where(and(eq(blogMembers.blogId, blogId), eq(blogMembers.role, "editor")));
  return [blog.ownerId, ...editors.map((editor) => editor.userId)];
}
