import type { Blog } from "@contracts/blogs.ts";
import useSWR from "swr";
import { createFetcher } from "../api-client.ts";

export const blogsKey = "/api/blogs";

export const getBlogs = createFetcher<Blog[]>() as (key: string) => Promise<Blog[]>;

/** The owner's blogs; asked for only when signed in. */
export function useBlogs(enabled = true) {
  return useSWR<Blog[]>(enabled ? blogsKey : null, getBlogs);
}
