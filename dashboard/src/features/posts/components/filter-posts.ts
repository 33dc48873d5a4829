import type { PostStatus } from "@contracts/limits.ts";

export type StatusFilter = "all" | PostStatus;

/**
 * Spec section 2.5, on the client: the search matches title or content, ignoring case; the
 * status filter keeps one status or all. A blank search matches everything.
 */
export function filterPosts<T extends { title: string; content?: string; status: PostStatus }>(
  posts: readonly T[],
  search: string,
  status: StatusFilter,
): T[] {
  const needle = search.trim().toLowerCase();
  return posts.filter((post) => {
    if (status !== "all" && post.status !== status) return false;
    if (!needle) return true;
    return (
      post.title.toLowerCase().includes(needle) ||
      (post.content ?? "").toLowerCase().includes(needle)
    );
  });
}
