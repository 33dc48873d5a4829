import { and, eq, inArray } from "drizzle-orm";
import type {
  BulkPostOutcome,
  BulkPostsInput,
  BulkPostsResult,
} from "../../../contracts/post-list.ts";
import { first } from "../../db/query.ts";
import { categories, posts } from "../../db/schema.ts";
import { HttpError, NotFound } from "../../http/errors.ts";
import { changePostStatus } from "./commands/change-post-status.ts";
import { deletePost } from "./commands/delete-post.ts";
import { updatePost } from "./commands/update-post.ts";
import { blogForPosts } from "./post-access.ts";
import type { AuthorRow, PostDeps } from "./post-rows.ts";

/**
 * One action on many posts of a blog (All Posts' list, decision 355). Every post goes through
 * the service function its single change uses (`changePostStatus`, so publishing is the one
 * publish path with its checks; `updatePost`; `deletePost`), one after another, each in its
 * own transaction. Before any change: the blog, every post and the category must be the
 * owner's, or the answer is 404 and nothing changes. A post a check refuses (a blog that
 * reviews first, an image without alt text…) is reported with the check's message, not forced.
 */
export async function applyBulkPostAction(
  deps: PostDeps,
  owner: AuthorRow,
  blogId: string,
  input: BulkPostsInput,
): Promise<BulkPostsResult> {
  const { db } = deps;
  const { blog, authorId } = await blogForPosts(db, owner.id, blogId);
  const found = await db
    .select({ id: posts.id, status: posts.status, categoryId: posts.categoryId })
    .from(posts)
    .where(
      and(
        eq(posts.blogId, blog.id),
        inArray(posts.id, input.ids),
        authorId ? eq(posts.authorId, authorId) : undefined,
      ),
    );
  // Another owner's post (another blog's, or one the person's role does not show them)
  // answers like a missing one.
  if (found.length !== input.ids.length) throw NotFound("Post");
  if (input.action === "category" && input.categoryId) {
    const category = await first(
      db
        .select({ id: categories.id })
        .from(categories)
        .where(and(eq(categories.id, input.categoryId), eq(categories.blogId, blog.id))),
    );
    if (!category) throw NotFound("Category");
  }

  const before = new Map(found.map((row) => [row.id, row]));
  const results: BulkPostOutcome[] = [];
  for (const id of input.ids) {
    const post = before.get(id);
    if (!post) continue;
    try {
      results.push(await applyOne(deps, owner, post, input));
    } catch (error) {
      // A check a single change would meet (409), what the role may not do to this post (403),
      // or a post deleted meanwhile (404).
      if (!(error instanceof HttpError) || ![403, 404, 409].includes(error.status)) {
        throw error;
      }
      results.push({ id, outcome: "refused", code: error.code, message: error.message });
    }
  }
  return {
    action: input.action,
    ...(input.action === "status" && input.status ? { status: input.status } : {}),
    results,
  };
}

async function applyOne(
  deps: PostDeps,
  owner: AuthorRow,
  post: { id: string; status: string; categoryId: string | null },
  input: BulkPostsInput,
): Promise<BulkPostOutcome> {
  const { id } = post;
  switch (input.action) {
    case "delete":
      await deletePost(deps, owner.id, id);
      return { id, outcome: "deleted" };
    case "status":
      if (!input.status || post.status === input.status) return { id, outcome: "unchanged" };
      await changePostStatus(deps, owner, id, input.status);
      return { id, outcome: "changed" };
    case "category": {
      const categoryId = input.categoryId ?? null;
      if (post.categoryId === categoryId) return { id, outcome: "unchanged" };
      await updatePost(deps, owner, id, { categoryId });
      return { id, outcome: "changed" };
    }
  }
}
