import type { ActivityPerson } from "./activity.ts";
import { entityId } from "./ids.ts";
import type { ReviewReason } from "./posts.ts";
import { z } from "./zod.ts";

/* The review queue (issue 35, decision 371): posts under review, notes, decisions. */

export const defaultReviewQueuePage = 25;
export const maxReviewQueuePage = 100;
/** The longest editorial note, in characters. */
export const maxNoteLength = 5000;

const limitMessage = `limit must be a whole number from 1 to ${maxReviewQueuePage}`;

/** `GET /api/review-queue`: oldest first, across the blogs the person may publish on. */
export const reviewQueueQuery = z.object({
  blogId: entityId.optional(),
  /** `me`: assigned to the signed-in person; `unassigned`: to nobody; absent: all. */
  assignee: z.enum(["me", "unassigned"], { error: "assignee must be me or unassigned" }).optional(),
  cursor: z
    .string({ error: "cursor must be the nextCursor of the previous page" })
    .regex(/^\d{1,16}_[A-Za-z0-9_-]{1,64}$/, "cursor must be the nextCursor of the previous page")
    .optional(),
  limit: z.coerce
    .number({ error: limitMessage })
    .int(limitMessage)
    .min(1, limitMessage)
    .max(maxReviewQueuePage, limitMessage)
    .default(defaultReviewQueuePage),
});
export type ReviewQueueQuery = z.infer<typeof reviewQueueQuery>;

export type ReviewQueueItem = {
  id: string;
  title: string;
  excerpt: string;
  blogId: string;
  blogName: string;
  author: ActivityPerson | null;
  assignee: ActivityPerson | null;
  submittedAt: string | null;
  notes: number;
  /** Why automation held it, when it did. */
  reviewReasons: ReviewReason[] | null;
};

export type ReviewQueuePage = {
  posts: ReviewQueueItem[];
  nextCursor: string | null;
  /** Posts under review in all the blogs the person reviews (whatever the filters). */
  total: number;
};

const noteBody = z
  .string({ error: "Write the note" })
  .trim()
  .min(1, "Write the note")
  .max(maxNoteLength, `A note is at most ${maxNoteLength} characters`);

/** `POST /api/posts/{id}/notes`: a note, or a reply to one (`parentId`). */
export const postNoteInput = z.object({
  body: noteBody,
  parentId: entityId.optional(),
});
export type PostNoteInput = z.infer<typeof postNoteInput>;

/** `POST /api/posts/{id}/request-changes`: back to draft, with what to change. */
export const requestChangesInput = z.object({ note: noteBody });
export type RequestChangesInput = z.infer<typeof requestChangesInput>;

/**
 * `POST /api/posts/{id}/approve`: "Approve & publish" (no `scheduledPublishAt`) or "Approve &
 * schedule" (a time in the future), with an optional note to the writer.
 */
export const approvePostInput = z.object({
  scheduledPublishAt: z.iso
    .datetime({ offset: true, error: "scheduledPublishAt must be a date and time" })
    .optional(),
  note: noteBody.optional(),
});
export type ApprovePostInput = z.infer<typeof approvePostInput>;

/** `PUT /api/posts/{id}/assignee`: the reviewer (an owner or editor of the blog), or null. */
export const assignReviewerInput = z.object({ userId: entityId.nullable() });
export type AssignReviewerInput = z.infer<typeof assignReviewerInput>;

export type PostNote = {
  id: string;
  parentId: string | null;
  author: ActivityPerson | null;
  body: string;
  kind: "note" | "changes_requested" | "approved";
  createdAt: string;
};
