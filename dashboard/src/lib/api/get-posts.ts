import type { PostSummary } from "@contracts/posts.ts";
import useSWR, { type ScopedMutator } from "swr";
import { createFetcher } from "../api-client.ts";

/** `GET /api/blogs/{blogId}/posts`: card fields only, newest first (decision 021). */
export const postsKey = (blogId: string) => `/api/blogs/${blogId}/posts`;

export const getPosts = createFetcher<PostSummary[]>() as (key: string) => Promise<PostSummary[]>;

/** The posts of a blog as cards need them (Dashboard). */
export function usePosts(blogId: string | null | undefined) {
  return useSWR<PostSummary[]>(blogId ? postsKey(blogId) : null, getPosts);
}

/**
 * After any post mutation: refresh every cached list of the blog, whole or a page (All Posts'
 * pages also ask again whenever the screen opens).
 */
export function revalidatePostLists(mutate: ScopedMutator, blogId: string): Promise<unknown> {
  const prefix = postsKey(blogId);
  return mutate(
    (key) => typeof key === "string" && (key === prefix || key.startsWith(`${prefix}?`)),
  );
}
