import type { ActivityPerson } from "../../../contracts/activity.ts";
import type { Notification } from "../../../contracts/notifications.ts";
import type { notifications } from "../../db/schema.ts";

export function presentNotification(
  row: typeof notifications.$inferSelect,
  blogName: string,
  actor: ActivityPerson | null,
): Notification {
  return {
    id: row.id,
    kind: row.kind,
    blogId: row.blogId,
    blogName,
    postId: row.postId,
    actor,
    text: row.text,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}
