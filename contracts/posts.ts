import { postContentText } from "./content-length.ts";
import { entityId } from "./ids.ts";
import { limits, type PostStatus, postStatuses } from "./limits.ts";
import { postSort } from "./post-list.ts";
import { postTagNames } from "./tags.ts";
import { z } from "./zod.ts";

/** The server's answer to a blank title; the editor shows its own toast ('Title required') first. */
export const titleRequired = "Title is required";

/**
 * The title a new post's draft is kept under when its writer has typed text but no title yet
 * (decision 351): the editor shows such a post with an empty title field and a slug that will
 * follow the title once there is one.
 */
export const untitledDraftTitle = "Untitled draft";

const title = z
  .string({ error: (issue) => (issue.input === undefined ? titleRequired : undefined) })
  .trim()
  .min(1, titleRequired)
  .max(limits.postTitle);

/** Stored exactly as written: the owner's HTML is sanitized only on its way to readers. */
const content = postContentText;

/** The version a save started from (docs/decisions/095): a stale one answers 409. */
const version = z
  .number({ error: "version must be the post's version number, as read" })
  .int()
  .min(1);

/** Blank (or null) means "derive it": the excerpt from the content, the slug from the title. */
const derivable = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .transform((value) => value ?? "");

/** Optional text stored as null when blank. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .transform((value) => (value ? value : null));

/** A category id, or null / "" for none. */
const optionalCategoryId = z
  .string()
  .trim()
  .max(64)
  .nullable()
  .transform((value) => (value ? value : null));

/** Trimmed, blanks dropped, duplicates (ignoring case) dropped, first spelling kept. */
const keywords = z
  .array(z.string().trim().max(limits.keywords.maxLength))
  .max(limits.keywords.maxItems)
  .transform((list) => {
    const seen = new Set<string>();
    return list.filter((keyword) => {
      const key = keyword.toLowerCase();
      if (keyword === "" || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  });

const postFields = {
  title,
  content: content.optional(),
  excerpt: derivable(limits.postExcerpt).optional(),
  categoryId: optionalCategoryId.optional(),
  metaTitle: optionalText(limits.metaTitle).optional(),
  metaDescription: optionalText(limits.metaDescription).optional(),
  keywords: keywords.optional(),
  /** The post's tags by name, in order; a name the blog has no tag of creates one (issue 33). */
  tags: postTagNames.optional(),
  slug: derivable(limits.postSlug).optional(),
  /** An image of the blog's media library, or null / "" for none; its alt text is the image's. */
  featureImageId: optionalCategoryId.optional(),
  /**
   * The content sent is the AI output the editor was just filled with ('Generate with AI'):
   * it is kept, and the post shows the blog's 'AI-assisted' note until it is substantially
   * edited (decision 057). Only `true` with content means anything.
   */
  generatedByAi: z.boolean({ error: "generatedByAi must be true or false" }).optional(),
};

/**
 * A post's own fields as the API takes them: what every imported post must also pass
 * (issue 29: whatever enters through an import passes the same contracts as the API).
 */
export const postRecord = z.object({
  title,
  content,
  excerpt: postFields.excerpt,
  metaTitle: postFields.metaTitle,
  metaDescription: postFields.metaDescription,
  keywords: postFields.keywords,
  slug: postFields.slug,
});

/**
 * `POST /api/posts`. The author is the signed-in owner and every post starts as a draft:
 * `authorId` may be sent and must be the signed-in owner's id (400 otherwise,
 * decision 101); `status` in a body is stripped like any unknown field.
 */
export const createPostInput = z.object({
  blogId: entityId,
  authorId: z.string({ error: "authorId must be your user id" }).optional(),
  ...postFields,
});
export type CreatePostInput = z.infer<typeof createPostInput>;

/**
 * `PATCH /api/posts/{id}`: only the fields sent change. `version` (or an `If-Match` header
 * with the post's ETag) is the version the change started from: a stale one is refused
 * instead of overwriting newer work. `autosave` marks the editor's automatic saves, which
 * share one revision while the same author keeps typing.
 */
export const updatePostInput = z.object({
  ...postFields,
  title: title.optional(),
  version: version.optional(),
  autosave: z.boolean({ error: "autosave must be true or false" }).optional(),
});
export type UpdatePostInput = z.infer<typeof updatePostInput>;

export const updatePostStatusInput = z.object({
  status: z.enum(postStatuses, {
    error: (issue) =>
      issue.input === undefined ? "Required" : `Status must be one of ${postStatuses.join(", ")}`,
  }),
  /** The version the owner saw when choosing this (optional; a stale one answers 409). */
  version: version.optional(),
});

/**
 * The editable fields of a post, as a revision or pending changes hold them (the editor's
 * form fields); absent ones are blank.
 */
export const pendingFieldsSchema = z.object({
  title,
  content,
  excerpt: derivable(limits.postExcerpt).default(""),
  categoryId: optionalCategoryId.default(null),
  metaTitle: optionalText(limits.metaTitle).default(null),
  metaDescription: optionalText(limits.metaDescription).default(null),
  keywords: keywords.default([]),
  slug: derivable(limits.postSlug).default(""),
  /** Older revisions and pending changes have none: the feature image as it was, then null. */
  featureImageId: optionalCategoryId.default(null),
  /** Absent (revisions keep no tags): the post's tags stay as they are. */
  tags: postTagNames.optional(),
});
export type PendingFields = z.infer<typeof pendingFieldsSchema>;

/**
 * `PUT /api/posts/{id}/pending-changes`: edits of a published post saved without going live
 * ('Update' makes them live). `version` is the live version they started from.
 */
export const savePendingChangesInput = pendingFieldsSchema.extend({ version });
export type SavePendingChangesInput = z.infer<typeof savePendingChangesInput>;

/** Saved edits of a published post that are not live yet. */
export type PendingChanges = {
  fields: PendingFields;
  baseVersion: number;
  savedAt: string;
};

/** A revision in the list: when, by whom, which version (no body). */
export type PostRevisionSummary = {
  id: string;
  postVersion: number;
  autosave: boolean;
  createdAt: string;
  author: PostAuthor | null;
  title: string;
  /** Content length as `countCharacters` counts it. */
  characters: number;
};

/** One revision with its fields, to compare and restore. */
export type PostRevision = PostRevisionSummary & { fields: PendingFields };

/** The body of a 409/412 answer to a stale save: what is saved now, to reload or overwrite. */
export type StaleSaveBody = {
  code: "stale_version";
  message: string;
  current: Post;
};
export type UpdatePostStatusInput = z.infer<typeof updatePostStatusInput>;

/** `PATCH /api/posts/{id}/schedule`: an ISO date-time in the future, or null to clear. */
export const schedulePostInput = z.object({
  scheduledPublishAt: z.iso
    .datetime({
      offset: true,
      error: (issue) =>
        issue.input === undefined
          ? undefined
          : "Must be an ISO 8601 date-time such as 2030-01-31T12:00:00Z, or null to clear",
    })
    .nullable(),
});
export type SchedulePostInput = z.infer<typeof schedulePostInput>;

/** Cards per page of All Posts when the client does not say (`limit`); at most `maxPostPage`. */
export const defaultPostPage = 30;
export const maxPostPage = 100;
/** The longest search text accepted (`q`); longer is a 400, not a slow query. */
export const maxPostSearch = 200;

/**
 * `GET /api/blogs/{blogId}/posts` (decision 100). Without parameters: every post as a card,
 * newest first (the original call). `q` keeps posts whose title or content contains the text
 * (any case); `status` keeps one status; both also filter the plain list. With `limit`, the
 * answer is one page (`PostPage`); `cursor` is the previous page's `nextCursor`.
 * `include=content` adds every field to every item of the plain list, for API clients that
 * export; the dashboard no longer uses it (searching is the server's job).
 */
export const listPostsQuery = z.object({
  include: z.enum(["content"], { error: 'The only value of include is "content"' }).optional(),
  q: z
    .string({ error: "q must be one search text" })
    .trim()
    .max(maxPostSearch, `The search may be at most ${maxPostSearch} characters`)
    .optional(),
  status: z
    .enum(postStatuses, { error: `Status must be one of ${postStatuses.join(", ")}` })
    .optional(),
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${maxPostPage}` })
    .int(`limit must be a whole number from 1 to ${maxPostPage}`)
    .min(1, `limit must be a whole number from 1 to ${maxPostPage}`)
    .max(maxPostPage, `limit must be a whole number from 1 to ${maxPostPage}`)
    .optional(),
  cursor: z
    .string({ error: "cursor must be the nextCursor of the previous page" })
    .regex(/^[A-Za-z0-9_-]{1,200}$/, "cursor must be the nextCursor of the previous page")
    .optional(),
  /** The page's order (decision 355): `column:direction`, newest first without it. */
  sort: postSort.optional(),
});
export type ListPostsQuery = z.infer<typeof listPostsQuery>;

/**
 * Status changes the server allows. The editor offers the first two; unpublishing and
 * sending a post back from review are the owner's way out. Anything else answers 409.
 */
export const postStatusTransitions: Record<PostStatus, readonly PostStatus[]> = {
  draft: ["under_review", "published"],
  under_review: ["published", "draft"],
  published: ["draft"],
};

/**
 * Whether the move is allowed. Draft → Published is the one-step publish of a blog with
 * 'Review before publishing' off (decision 097); with it on, a draft goes through review.
 */
export function canChangeStatus(
  from: PostStatus,
  to: PostStatus,
  blog: { reviewBeforePublishing: boolean } = { reviewBeforePublishing: true },
): boolean {
  if (from === "draft" && to === "published" && blog.reviewBeforePublishing) return false;
  return postStatusTransitions[from].includes(to);
}

/**
 * A check an automated post failed, so it was held for review instead of published
 * (docs/decisions/052): the editor's check id and label, and what is wrong.
 */
export type ReviewReason = { id: string; label: string; reason: string };

/** Who wrote a post, as cards show it (first and last name, avatar or null for initials). */
export type PostAuthor = { name: string; avatarUrl: string | null };

/**
 * A list item: what post cards, stat cards and the dashboard need. `excerpt` is never
 * derived on the client: a blank saved excerpt comes back derived from the content.
 */
export type PostSummary = {
  id: string;
  blogId: string;
  authorId: string | null;
  author: PostAuthor | null;
  title: string;
  excerpt: string;
  status: PostStatus;
  slug: string;
  categoryId: string | null;
  scheduledPublishAt: string | null;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** Why content automation held it for review; empty for every other post. */
  reviewReasons: ReviewReason[];
};

/** One post with every field; `content` is exactly as the owner wrote it. */
export type Post = PostSummary & {
  content: string;
  metaTitle: string | null;
  metaDescription: string | null;
  keywords: string[];
  /** The post's tags by name, in the writer's order (shown to readers as chips). */
  tags: string[];
  /** Filled with AI output and not substantially edited since (decision 057). */
  aiAssisted: boolean;
  /** Bumped by every write; saves send the version they started from (decision 095). */
  version: number;
  /** The feature image from the blog's media library (GET /api/blogs/{blogId}/media/{id}). */
  featureImageId: string | null;
  /** When it last went to review (decision 371). */
  submittedAt: string | null;
  /** The owner or editor its review is assigned to (a user id). */
  assigneeId: string | null;
  /** Who approved it for publishing (a user id); null when nobody reviewed it. */
  reviewedBy: string | null;
};

/** Posts of a blog per status, for stat cards: always the whole blog, whatever the filter. */
export type PostCounts = { all: number } & Record<PostStatus, number>;

/** One page of `GET /api/blogs/{blogId}/posts?limit=…`. */
export type PostPage = {
  posts: PostSummary[];
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: string | null;
  counts: PostCounts;
  /** Views of the page's posts (all days kept, as the Performance screen counts them), by id. */
  views?: Record<string, number>;
};
