import type { ActivityPerson } from "./activity.ts";
import { entityId } from "./ids.ts";
import { z } from "./zod.ts";

/** What a person is told about in the dashboard's bell (issue 35, decision 369). */
export const notificationKinds = [
  "submitted",
  "changes_requested",
  "approved",
  "published",
  "mentioned",
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** Days a read notification is kept (unread ones: as long as the activity log). */
export const readNotificationRetentionDays = 90;

/** One notification of `GET /api/notifications`. */
export type Notification = {
  id: string;
  kind: NotificationKind;
  blogId: string;
  blogName: string;
  postId: string | null;
  actor: ActivityPerson | null;
  text: string;
  read: boolean;
  createdAt: string;
};

/** `GET /api/notifications`: the signed-in person's, newest first, with their unread count. */
export type NotificationPage = {
  notifications: Notification[];
  unread: number;
  nextCursor: string | null;
};

export const defaultNotificationPage = 20;
export const maxNotificationPage = 50;
/** The most ids one `POST /api/notifications/read` takes. */
export const maxNotificationIds = 200;

const limitMessage = `limit must be a whole number from 1 to ${maxNotificationPage}`;

export const notificationsQuery = z.object({
  before: z
    .string({ error: "before must be the nextCursor of the previous page" })
    .regex(/^[A-Za-z0-9_-]{1,200}$/, "before must be the nextCursor of the previous page")
    .optional(),
  limit: z.coerce
    .number({ error: limitMessage })
    .int(limitMessage)
    .min(1, limitMessage)
    .max(maxNotificationPage, limitMessage)
    .default(defaultNotificationPage),
});
export type NotificationsQuery = z.infer<typeof notificationsQuery>;

/** `POST /api/notifications/read`: `{ ids: [...] }` marks those, `{ all: true }` every one. */
export const markNotificationsReadInput = z
  .object({
    ids: z
      .array(entityId, { error: "ids must be a list of notification ids" })
      .min(1, "List at least one notification")
      .max(maxNotificationIds, `At most ${maxNotificationIds} notifications at once`)
      .optional(),
    all: z.literal(true, { error: "all must be true" }).optional(),
  })
  .superRefine((input, ctx) => {
    if ((input.ids === undefined) === (input.all === undefined)) {
      ctx.addIssue({
        code: "custom",
        path: ["ids"],
        message: "Send either ids (the notifications to mark read) or all: true",
      });
    }
  });
export type MarkNotificationsReadInput = z.infer<typeof markNotificationsReadInput>;
