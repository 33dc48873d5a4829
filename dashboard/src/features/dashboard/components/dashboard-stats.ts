import { limits } from "@contracts/limits.ts";
import type { PostSummary } from "@contracts/posts.ts";

/** The four stat cards of spec section 2.3. */
export function postCounts(posts: readonly Pick<PostSummary, "status">[]) {
  return {
    total: posts.length,
    drafts: posts.filter((p) => p.status === "draft").length,
    underReview: posts.filter((p) => p.status === "under_review").length,
    published: posts.filter((p) => p.status === "published").length,
  };
}

/** 'Recent Posts': the 6 newest by creation date, whatever order the list came in. */
export function recentPosts<T extends Pick<PostSummary, "createdAt">>(posts: readonly T[]): T[] {
  return [...posts]
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))
    .slice(0, limits.recentPosts);
}
