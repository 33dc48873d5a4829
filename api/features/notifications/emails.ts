import { and, asc, eq, gte, lt } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { blogMembers, blogs, notifications, users } from "../../db/schema.ts";
import type { Mailer } from "../../mail/mailer.ts";

/** A notification not e-mailed within a day is not e-mailed at all: the bell still has it. */
export const notificationEmailMaxAgeMs = 24 * 60 * 60 * 1000;
/** Sent per run of the job; the rest wait for the next run (a minute later). */
const perRun = 100;

export type NotificationEmailDeps = {
  db: Database;
  mailer: Mailer;
  /** Where the links in the e-mails point (APP_ORIGIN, required with SMTP). */
  appOrigin: string;
  now?: Date;
};

const done = (db: Database, id: string) =>
  db.update(notifications).set({ emailPending: false }).where(eq(notifications.id, id));

/**
 * E-mails the notifications written since the last run (decision 369), oldest first, after
 * the changes that wrote them have committed: a job of the job system, so an SMTP server that
 * fails fails this run only (the notifications stay pending and the queue tries again), never
 * the change. A person who has left the blog, or has no e-mail address, gets none. Answers how
 * many were sent.
 */
export async function sendNotificationEmails({
  db,
  mailer,
  appOrigin,
  now = new Date(),
}: NotificationEmailDeps): Promise<number> {
  const rows = await db
    .select({
      id: notifications.id,
      userId: notifications.userId,
      postId: notifications.postId,
      text: notifications.text,
      email: users.email,
      blogName: blogs.name,
      ownerId: blogs.ownerId,
      memberId: blogMembers.id,
    })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .innerJoin(blogs, eq(blogs.id, notifications.blogId))
    .leftJoin(
      blogMembers,
      and(
        eq(blogMembers.blogId, notifications.blogId),
        eq(blogMembers.userId, notifications.userId),
      ),
    )
    .where(
      and(
        eq(notifications.emailPending, true),
        gte(notifications.createdAt, new Date(now.getTime() - notificationEmailMaxAgeMs)),
      ),
    )
    .orderBy(asc(notifications.createdAt))
    .limit(perRun);
  let sent = 0;
  for (const row of rows) {
    const belongs = row.ownerId === row.userId || row.memberId !== null;
    if (row.email && belongs) {
      const link = row.postId
        ? `${appOrigin}/editor?id=${encodeURIComponent(row.postId)}`
        : `${appOrigin}/dashboard`;
      await mailer.send({
        to: row.email,
        subject: `${row.blogName}: ${row.text}`,
        text: [row.text, "", `Open it in Blogfleet: ${link}`].join("\n"),
      });
      sent++;
    }
    await done(db, row.id);
  }
  return sent;
}

/** Pending e-mails too old to send, left by a server without SMTP (or a long outage). */
export async function dropStaleNotificationEmails(db: Database, now: Date): Promise<void> {
  await db
    .update(notifications)
    .set({ emailPending: false })
    .where(
      and(
        eq(notifications.emailPending, true),
        lt(notifications.createdAt, new Date(now.getTime() - notificationEmailMaxAgeMs)),
      ),
    );
}
