import { limits, type PostStatus } from "@contracts/limits.ts";
import { defaultPostSort, type PostSort } from "@contracts/post-list.ts";
import type { PostPage } from "@contracts/posts.ts";
import useSWR from "swr";
import useSWRInfinite from "swr/infinite";
import { createFetcher, takeEarlyRead, throwIfNotOk } from "../api-client.ts";
import { postsKey } from "./get-posts.ts";

export type PostPageFilter = {
  q?: string;
  status?: PostStatus | "all";
  limit: number;
  /** The list view's order (decision 355); newest first is the key without it. */
  sort?: PostSort;
};

/** Cards per page of All Posts (the server preloads the first page with it: decision 260). */
export const allPostsPageSize = limits.allPostsPage;

/**
 * `GET /api/blogs/{blogId}/posts?limit=…&q=…&status=…&sort=…&cursor=…`: one page of cards,
 * newest first or in the list's order, with the blog's counts per status (decision 100).
 */
export function postPageKey(blogId: string, filter: PostPageFilter, cursor?: string): string {
  const params = new URLSearchParams({ limit: String(filter.limit) });
  const q = filter.q?.trim();
  if (q) params.set("q", q);
  if (filter.status && filter.status !== "all") params.set("status", filter.status);
  if (filter.sort && filter.sort !== defaultPostSort) params.set("sort", filter.sort);
  if (cursor) params.set("cursor", cursor);
  return `${postsKey(blogId)}?${params}`;
}

export const getPostPage = createFetcher<PostPage>() as (key: string) => Promise<PostPage>;

/**
 * For All Posts: a first page supersedes the one asked before it (the search changed), so
 * that request is cancelled: a slow answer to an old search never lands on screen.
 */
let firstPageRequest: AbortController | null = null;

export async function searchPostPage(key: string): Promise<PostPage> {
  const early = takeEarlyRead<PostPage>(key);
  if (early) return early;
  const controller = new AbortController();
  if (!key.includes("cursor=")) {
    firstPageRequest?.abort();
    firstPageRequest = controller;
  }
  const res = await fetch(key, { credentials: "include", signal: controller.signal });
  await throwIfNotOk(res);
  return (await res.json()) as PostPage;
}

/** All Posts: pages loaded one after another as the owner scrolls (`setSize`). */
export function usePostPages(blogId: string | null | undefined, filter: PostPageFilter) {
  return useSWRInfinite<PostPage>(
    (index, previous: PostPage | null) => {
      if (!blogId) return null;
      if (index === 0) return postPageKey(blogId, filter);
      return previous?.nextCursor ? postPageKey(blogId, filter, previous.nextCursor) : null;
    },
    searchPostPage,
    { keepPreviousData: true, revalidateFirstPage: true, shouldRetryOnError: false },
  );
}

/** The newest cards and the blog's counts, without the rest of the list (Dashboard). */
export function useNewestPosts(blogId: string | null | undefined, limit: number) {
  return useSWR<PostPage>(blogId ? postPageKey(blogId, { limit }) : null, getPostPage);
}
