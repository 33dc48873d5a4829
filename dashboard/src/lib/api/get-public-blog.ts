import type { PublicBlog } from "@contracts/public-blog.ts";
import useSWR from "swr";
import { createFetcher } from "../api-client.ts";

export type { PublicBlog };

export const publicBlogKey = "/api/public/blog";

export const getPublicBlog = createFetcher<PublicBlog>() as (key: string) => Promise<PublicBlog>;

/**
 * "Is this page on a blog's own host?" Success means yes; any failure (404 on the app's
 * own host, a network error, an older server without the route) means no. Not asked when the
 * answer is known to be no (`enabled` false).
 */
export function usePublicBlog(enabled = true) {
  const { data, isLoading } = useSWR<PublicBlog>(enabled ? publicBlogKey : null, getPublicBlog);
  return { publicBlog: data ?? null, isLoading };
}
