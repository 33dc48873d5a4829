import type { ActivityEvent, ActivityPerson } from "../../../contracts/activity.ts";
import type { activityEvents } from "../../db/schema.ts";

export function presentActivityEvent(
  row: typeof activityEvents.$inferSelect,
  actor: ActivityPerson | null,
): ActivityEvent {
  return {
    id: row.id,
    blogId: row.blogId,
    action: row.action,
    actor,
    postId: row.postId,
    subject: row.subject,
    details: row.details ?? {},
    createdAt: row.createdAt.toISOString(),
  };
}
