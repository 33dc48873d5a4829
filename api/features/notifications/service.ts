import { and, count, desc, eq, inArray, isNotNull, isNull, or } from "drizzle-orm";
import type {
  MarkNotificationsReadInput,
  NotificationPage,
  NotificationsQuery,
} from "../../../contracts/notifications.ts";
import type { Clock } from "../../auth/sessions.ts";
import type { Database, Queryable } from "../../db/client.ts";
import { blogMembers, blogs, notifications, users } from "../../db/schema.ts";
import { NotFound } from "../../http/errors.ts";
import { before, pageOf } from "../activity/cursor.ts";
import { personOf } from "../activity/service.ts";
import { membershipOf } from "../members/access.ts";
import { presentNotification } from "./presenter.ts";

/** The person's notifications of blogs they still belong to (owner or member); joins below. */
const theirs = (userId: string) =>
  and(eq(notifications.userId, userId), or(eq(blogs.ownerId, userId), isNotNull(blogMembers.id)));

async function unreadOf(db: Queryable, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .innerJoin(blogs, eq(blogs.id, notifications.blogId))
    .leftJoin(blogMembers, membershipOf(userId))
    .where(and(theirs(userId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

/** The signed-in person's notifications, newest first, with how many are unread. */
export async function listNotifications(
  db: Database,
  userId: string,
  query: NotificationsQuery,
): Promise<NotificationPage> {
  const rows = await db
    .select({
      notification: notifications,
      blogName: blogs.name,
      actor: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      },
    })
    .from(notifications)
    .innerJoin(blogs, eq(blogs.id, notifications.blogId))
    .leftJoin(blogMembers, membershipOf(userId))
    .leftJoin(users, eq(users.id, notifications.actorId))
    .where(and(theirs(userId), query.before ? before(notifications, query.before) : undefined))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(query.limit + 1);
  const page = pageOf(
    rows.map((row) => ({ ...row, id: row.notification.id, createdAt: row.notification.createdAt })),
    query.limit,
  );
  return {
    notifications: page.rows.map((row) =>
      presentNotification(
        row.notification,
        row.blogName,
        row.actor?.id ? personOf(row.actor) : null,
      ),
    ),
    unread: await unreadOf(db, userId),
    nextCursor: page.nextCursor,
  };
}

/**
 * Marks the listed notifications (or all) of the signed-in person read; an id that is not one of
 * theirs answers 404 and marks nothing. Answers the unread count after.
 */
export async function markNotificationsRead(
  db: Database,
  clock: Clock,
  userId: string,
  input: MarkNotificationsReadInput,
): Promise<{ unread: number }> {
  return db.transaction(async (tx) => {
    const mine = eq(notifications.userId, userId);
    const ids = input.ids ?? [];
    if (!input.all) {
      const found = await tx
        .select({ id: notifications.id })
        .from(notifications)
        .where(and(mine, inArray(notifications.id, ids)));
      if (found.length !== new Set(ids).size) throw NotFound("Notification");
    }
    await tx
      .update(notifications)
      .set({ readAt: clock() })
      .where(
        and(
          mine,
          isNull(notifications.readAt),
          input.all ? undefined : inArray(notifications.id, ids),
        ),
      );
    return { unread: await unreadOf(tx, userId) };
  });
}
