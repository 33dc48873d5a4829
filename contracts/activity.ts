import { entityId } from "./ids.ts";
import { z } from "./zod.ts";

/**
 * A blog's activity log (issue 35, decision 369): who did what and when. What a log row can
 * say, in the order the dashboard's filter lists them.
 */
export const activityActions = [
  "post.created",
  "post.edited",
  "post.submitted",
  "post.withdrawn",
  "post.approved",
  "post.changes_requested",
  "post.published",
  "post.unpublished",
  "post.scheduled",
  "post.deleted",
  "settings.changed",
  "member.invited",
  "member.joined",
  "member.role_changed",
  "member.removed",
] as const;
export type ActivityAction = (typeof activityActions)[number];

/** How the dashboard names each action (its filter and each row's verb). */
export const activityActionLabels: Record<ActivityAction, string> = {
  "post.created": "Created a post",
  "post.edited": "Edited a post",
  "post.submitted": "Submitted for review",
  "post.withdrawn": "Withdrew from review",
  "post.approved": "Approved",
  "post.changes_requested": "Requested changes",
  "post.published": "Published",
  "post.unpublished": "Unpublished",
  "post.scheduled": "Scheduled",
  "post.deleted": "Deleted a post",
  "settings.changed": "Changed settings",
  "member.invited": "Invited a member",
  "member.joined": "Joined the blog",
  "member.role_changed": "Changed a role",
  "member.removed": "Removed a member",
};

/** Days a blog's activity is kept; older rows are deleted by a daily job (decision 369). */
export const activityRetentionDays = 400;

/** At most one `post.edited` per person and post in this many minutes (saves and autosaves). */
export const editedEventWindowMinutes = 10;

/** A person as the log and the notifications name them (null: the system, or a deleted account). */
export type ActivityPerson = { id: string; name: string };

/** One row of `GET /api/blogs/{blogId}/activity`. */
export type ActivityEvent = {
  id: string;
  blogId: string;
  action: ActivityAction;
  /** Who did it; null for the scheduler and automation, or an account since deleted. */
  actor: ActivityPerson | null;
  postId: string | null;
  /** What it was about as it was named then: the post's title, a member's e-mail. */
  subject: string | null;
  /** More about it: the fields changed, the time scheduled, a role. */
  details: Record<string, unknown>;
  createdAt: string;
};

/** `GET /api/blogs/{blogId}/activity`: one page, newest first. */
export type ActivityPage = {
  events: ActivityEvent[];
  /** Pass as `before` for the next (older) page; null on the last one. */
  nextCursor: string | null;
  /** The blog's owner and members, for the filter by person. */
  people: ActivityPerson[];
  retentionDays: number;
};

export const defaultActivityPage = 50;
export const maxActivityPage = 100;

const limitMessage = `limit must be a whole number from 1 to ${maxActivityPage}`;
const actionMessage = `action must be one of ${activityActions.join(", ")}`;

/**
 * The query of `GET /api/blogs/{blogId}/activity`: `action` once or repeated (any of them),
 * `actorId` (a person), `postId`, `before` (the previous page's `nextCursor`), `limit`.
 */
export const activityQuery = z.object({
  action: z
    .union([z.enum(activityActions, { error: actionMessage }), z.array(z.enum(activityActions))], {
      error: actionMessage,
    })
    .transform((value) => (Array.isArray(value) ? value : [value]))
    .optional(),
  actorId: entityId.optional(),
  postId: entityId.optional(),
  before: z
    .string({ error: "before must be the nextCursor of the previous page" })
    .regex(/^[A-Za-z0-9_-]{1,200}$/, "before must be the nextCursor of the previous page")
    .optional(),
  limit: z.coerce
    .number({ error: limitMessage })
    .int(limitMessage)
    .min(1, limitMessage)
    .max(maxActivityPage, limitMessage)
    .default(defaultActivityPage),
});
export type ActivityQuery = z.infer<typeof activityQuery>;
