import type { Post } from "@contracts/posts.ts";
import useSWR from "swr";
import { createFetcher } from "../../../lib/api-client.ts";

/** `GET /api/posts/{id}`: one post with every field, content exactly as written. */
export const postKey = (id: string) => `/api/posts/${encodeURIComponent(id)}`;

export const getPost = createFetcher<Post>() as (key: string) => Promise<Post>;

export function usePost(id: string | null | undefined) {
  return useSWR<Post>(id ? postKey(id) : null, getPost);
}
