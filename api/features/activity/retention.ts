import { and, isNotNull, isNull, lt, or } from "drizzle-orm";
import { activityRetentionDays } from "../../../contracts/activity.ts";
import { readNotificationRetentionDays } from "../../../contracts/notifications.ts";
import type { Database } from "../../db/client.ts";
import { activityEvents, notifications } from "../../db/schema.ts";
import { dropStaleNotificationEmails } from "../notifications/emails.ts";

const dayMs = 24 * 60 * 60 * 1000;
const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * dayMs);

/**
 * The daily clean-up of the team's records (decision 369): activity older than
 * `activityRetentionDays`, read notifications older than `readNotificationRetentionDays`,
 * unread ones older than the activity log, and e-mails too old to send. Run twice, it finds
 * nothing left to do.
 */
export async function deleteExpiredActivity(db: Database, now: Date): Promise<void> {
  const logLimit = daysBefore(now, activityRetentionDays);
  await db.delete(activityEvents).where(lt(activityEvents.createdAt, logLimit));
  await db
    .delete(notifications)
    .where(
      or(
        and(
          isNotNull(notifications.readAt),
          lt(notifications.createdAt, daysBefore(now, readNotificationRetentionDays)),
        ),
        and(isNull(notifications.readAt), lt(notifications.createdAt, logLimit)),
      ),
    );
  await dropStaleNotificationEmails(db, now);
}
