import type { AuthorProfile } from "@contracts/authors.ts";
import useSWR from "swr";
import { createFetcher } from "../../../lib/api-client.ts";

/** `GET /api/blogs/{blogId}/authors/me`: the signed-in person's author profile on the blog. */
export const authorProfileKey = (blogId: string) => `/api/blogs/${blogId}/authors/me`;

export const getAuthorProfile = createFetcher<AuthorProfile>() as (
  key: string,
) => Promise<AuthorProfile>;

export function useAuthorProfile(blogId: string | null | undefined) {
  return useSWR<AuthorProfile>(blogId ? authorProfileKey(blogId) : null, getAuthorProfile);
}
