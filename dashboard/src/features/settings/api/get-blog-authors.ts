import type { BlogAuthor } from "@contracts/authors.ts";
import useSWR from "swr";
import { createFetcher } from "../../../lib/api-client.ts";

/** `GET /api/blogs/{blogId}/authors`: the blog's team (owner first) with their profiles. */
export const blogAuthorsKey = (blogId: string) => `/api/blogs/${blogId}/authors`;

export const getBlogAuthors = createFetcher<BlogAuthor[]>() as (
  key: string,
) => Promise<BlogAuthor[]>;

export function useBlogAuthors(blogId: string | null | undefined) {
  return useSWR<BlogAuthor[]>(blogId ? blogAuthorsKey(blogId) : null, getBlogAuthors);
}
