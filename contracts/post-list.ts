import { entityId } from "./ids.ts";
import { type PostStatus, postStatuses } from "./limits.ts";
import { z } from "./zod.ts";

/** The columns All Posts' list can be sorted by (decision 355). */
export const postSortColumns = ["title", "status", "category", "author", "date", "views"] as const;
export type PostSortColumn = (typeof postSortColumns)[number];
export type SortDirection = "asc" | "desc";
/** A sort as the API and `users.posts_sort` spell it: `column:direction`, e.g. `title:asc`. */
export type PostSort = `${PostSortColumn}:${SortDirection}`;

export const postSorts = postSortColumns.flatMap((column) => [
  `${column}:asc` as const,
  `${column}:desc` as const,
]) as [PostSort, ...PostSort[]];

/** Newest first: the cards' order, and the list's until the person picks a column. */
export const defaultPostSort: PostSort = "date:desc";

export const postSort = z.enum(postSorts, {
  error: `sort must be a column and a direction, one of ${postSorts.join(", ")}`,
});

export function parsePostSort(sort: PostSort): {
  column: PostSortColumn;
  direction: SortDirection;
} {
  const [column, direction] = sort.split(":") as [PostSortColumn, SortDirection];
  return { column, direction };
}

/** How All Posts shows the posts: a grid of cards or a dense, sortable table. */
export const postsViews = ["cards", "list"] as const;
export type PostsView = (typeof postsViews)[number];

/** `GET /api/profile/preferences`: how the person last left All Posts, on any browser. */
export type PostsPreferences = { postsView: PostsView; postsSort: PostSort };

/** `PATCH /api/profile/preferences`: the fields sent change; absent ones stay as they are. */
export const postsPreferencesInput = z.object({
  postsView: z
    .enum(postsViews, { error: `postsView must be one of ${postsViews.join(", ")}` })
    .optional(),
  postsSort: postSort.optional(),
});
export type PostsPreferencesInput = z.infer<typeof postsPreferencesInput>;

/** The most posts one bulk action takes. */
export const maxBulkPosts = 500;
export const bulkPostActions = ["status", "category", "delete"] as const;
export type BulkPostAction = (typeof bulkPostActions)[number];

const bulkPostFields = z.object({
  ids: z
    .array(entityId, { error: "ids must be a list of post ids" })
    .min(1, "Choose at least one post")
    .max(maxBulkPosts, `At most ${maxBulkPosts} posts can be changed at once`)
    .refine((ids) => new Set(ids).size === ids.length, "Each post may be listed only once"),
  action: z.enum(bulkPostActions, {
    error: `action must be one of ${bulkPostActions.join(", ")}`,
  }),
  status: z
    .enum(postStatuses, { error: `status must be one of ${postStatuses.join(", ")}` })
    .optional(),
  categoryId: entityId.nullable().optional(),
});

/**
 * What each action needs besides the posts. A schema of its own, so it is checked even when
 * another field is wrong (zod skips an object's refinements then) and one answer lists all.
 */
const bulkActionArguments = z.looseObject({}).superRefine((input, ctx) => {
  if (input.action === "status" && input.status === undefined) {
    ctx.addIssue({
      code: "custom",
      path: ["status"],
      message: "Choose the status to change the posts to",
    });
  }
  if (input.action === "category" && input.categoryId === undefined) {
    ctx.addIssue({
      code: "custom",
      path: ["categoryId"],
      message: "Choose the category to move the posts to (null for none)",
    });
  }
});

/**
 * `POST /api/blogs/{blogId}/posts/bulk`: one action on up to 500 posts of the blog. `status`
 * goes with the status action, `categoryId` (null: no category) with the category action.
 */
export const bulkPostsInput = z.intersection(bulkPostFields, bulkActionArguments);
export type BulkPostsInput = z.infer<typeof bulkPostsInput>;

/**
 * What happened to one post: changed (or deleted), already so (`unchanged`), or `refused` by
 * the same check a single change meets (a blog that reviews first, an image without alt text,
 * an unfinished outline…), with that check's message.
 */
export type BulkPostOutcome =
  | { id: string; outcome: "changed" | "unchanged" | "deleted" }
  | { id: string; outcome: "refused"; code: string; message: string };

export type BulkPostsResult = {
  action: BulkPostAction;
  status?: PostStatus;
  results: BulkPostOutcome[];
};
