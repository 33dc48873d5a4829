import { and, desc, eq, gt } from "drizzle-orm";
import { type ActivityAction, editedEventWindowMinutes } from "../../../contracts/activity.ts";
import type { Queryable } from "../../db/client.ts";
import { first } from "../../db/query.ts";
import { activityEvents } from "../../db/schema.ts";

export type ActivityRecord = {
  blogId: string;
  /** Who did it; null for the scheduler and automation. */
  actorId: string | null;
  action: ActivityAction;
  postId?: string | null;
  /** What it was about as it was named then: the post's title, the member's e-mail. */
  subject?: string | null;
  details?: Record<string, unknown>;
};

const editedWindowMs = editedEventWindowMinutes * 60_000;

/**
 * Writes one row of the blog's activity log (decision 369), in the transaction of the change it
 * records: a change rolled back leaves no row, a committed one always has its row. Edits
 * (saves and autosaves alike) make at most one `post.edited` per person and post in
 * `editedEventWindowMinutes`: the log says who worked on a post when, not every keystroke.
 */
export async function recordActivity(
  tx: Queryable,
  event: ActivityRecord,
  now: Date = new Date(),
): Promise<void> {
  if (event.action === "post.edited" && event.postId && event.actorId) {
    const recent = await first(
      tx
        .select({ id: activityEvents.id })
        .from(activityEvents)
        .where(
          and(
            eq(activityEvents.blogId, event.blogId),
            gt(activityEvents.createdAt, new Date(now.getTime() - editedWindowMs)),
            eq(activityEvents.postId, event.postId),
            eq(activityEvents.actorId, event.actorId),
            eq(activityEvents.action, "post.edited"),
          ),
        )
        .orderBy(desc(activityEvents.createdAt))
        .limit(1),
    );
    if (recent) return;
  }
  await tx.insert(activityEvents).values({
    blogId: event.blogId,
    actorId: event.actorId,
    action: event.action,
    postId: event.postId ?? null,
    subject: event.subject ?? null,
    details: event.details ?? null,
    createdAt: now,
  });
}
