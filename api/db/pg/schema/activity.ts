import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { activityActions } from "../../../../contracts/activity.ts";
import { notificationKinds } from "../../../../contracts/notifications.ts";
import { users } from "./accounts.ts";
import { blogs } from "./blogs.ts";
import { bool, createdAt, id, timestamp } from "./columns.ts";

/* A blog's activity log and the team's notifications (decision 369). */

/**
 * One thing someone did on a blog, written in the transaction of the change. `post_id` is no
 * foreign key: the log outlives the post (a deletion is logged with the title it had).
 */
export const activityEvents = pgTable(
  "activity_events",
  {
    id: id(),
    blogId: text("blog_id")
      .notNull()
      .references(() => blogs.id, { onDelete: "cascade" }),
    /** Who did it; null for the scheduler and automation, or an account since deleted. */
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action", { enum: activityActions }).notNull(),
    postId: text("post_id"),
    /** The post's title or the member's e-mail as it was then. */
    subject: text("subject"),
    details: jsonb("details").$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index("activity_events_blog_created_idx").on(t.blogId, t.createdAt, t.id),
    index("activity_events_created_idx").on(t.createdAt),
  ],
);

/** One notification for one person (never the one who caused it). */
export const notifications = pgTable(
  "notifications",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blogId: text("blog_id")
      .notNull()
      .references(() => blogs.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: notificationKinds }).notNull(),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    postId: text("post_id"),
    text: text("text").notNull(),
    readAt: timestamp("read_at"),
    /** To be e-mailed by the notification e-mails job (when the server sends e-mail). */
    emailPending: bool("email_pending").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("notifications_user_created_idx").on(t.userId, t.createdAt, t.id),
    index("notifications_user_unread_idx").on(t.userId).where(sql`${t.readAt} is null`),
    index("notifications_email_pending_idx").on(t.createdAt).where(sql`${t.emailPending}`),
  ],
);
