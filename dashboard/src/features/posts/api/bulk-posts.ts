import type { BulkPostsInput, BulkPostsResult } from "@contracts/post-list.ts";
import { useSWRConfig } from "swr";
import { categoriesKey } from "../../../lib/api/get-categories.ts";
import { revalidatePostLists } from "../../../lib/api/get-posts.ts";
import { apiRequest } from "../../../lib/api-client.ts";

/** `POST /api/blogs/{blogId}/posts/bulk`: one action on many posts, each reported. */
export function bulkPosts(blogId: string, input: BulkPostsInput): Promise<BulkPostsResult> {
  return apiRequest<BulkPostsResult>(
    "POST",
    `/api/blogs/${encodeURIComponent(blogId)}/posts/bulk`,
    input,
  );
}

/** Applies a bulk action, then refreshes the blog's post lists, its counts and categories. */
export function useBulkPosts(blogId: string) {
  const { mutate } = useSWRConfig();
  return async (input: BulkPostsInput): Promise<BulkPostsResult> => {
    const result = await bulkPosts(blogId, input);
    for (const { id } of result.results) {
      void mutate(`/api/posts/${encodeURIComponent(id)}`, undefined, { revalidate: false });
    }
    await revalidatePostLists(mutate, blogId);
    void mutate(categoriesKey(blogId));
    return result;
  };
}
