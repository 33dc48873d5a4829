import type { Tag } from "@contracts/tags.ts";
import useSWR from "swr";
import { createFetcher } from "../api-client.ts";

/** `GET /api/blogs/{blogId}/tags`: the blog's tags by name, each with its number of posts. */
export const tagsKey = (blogId: string) => `/api/blogs/${blogId}/tags`;

export const getTags = createFetcher<Tag[]>() as (key: string) => Promise<Tag[]>;

/** Used by the editor's tags field (suggestions) and the Tags screen. */
export function useTags(blogId: string | null | undefined) {
  return useSWR<Tag[]>(blogId ? tagsKey(blogId) : null, getTags);
}
