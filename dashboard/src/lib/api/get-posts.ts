import type { Post, PostSummary } from "@contracts/posts.ts";
import useSWR, { type ScopedMutator } from "swr";
import { createFetcher } from "../api-client.ts";

/** `GET /api/blogs/{blogId}/posts`: card fields only, newest first (decision 021). */
export const postsKey = (blogId: string) => `/api/blogs/${blogId}/posts`;

/** The same list with content, meta fields and keywords, for searching content on the client. */
export const postsWithContentKey = (blogId: string) => `${postsKey(blogId)}?include=content`;

export const getPosts = createFetcher<PostSummary[]>() as (key: string) => Promise<PostSummary[]>;
export const getPostsWithContent = createFetcher<Post[]>() as (key: string) => Promise<Post[]>;

/** The posts of a blog as cards need them (Dashboard). */
export function usePosts(blogId: string | null | undefined) {
  return useSWR<PostSummary[]>(blogId ? postsKey(blogId) : null, getPosts);
}

/** The posts of a blog with their content (All Posts searches titles and content). */
export function usePostsWithContent(blogId: string | null | undefined) {
  return useSWR<Post[]>(blogId ? postsWithContentKey(blogId) : null, getPostsWithContent);
}

/** After any post mutation: refresh every cached list of the blog, with or without content. */
export function revalidatePostLists(mutate: ScopedMutator, blogId: string): Promise<unknown> {
  const prefix = postsKey(blogId);
  return mutate(
    (key) => typeof key === "string" && (key === prefix || key.startsWith(`${prefix}?`)),
  );
}
