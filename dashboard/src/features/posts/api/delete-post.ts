import { useState } from "react";
import { useSWRConfig } from "swr";
import { categoriesKey } from "../../../lib/api/get-categories.ts";
import { revalidatePostLists } from "../../../lib/api/get-posts.ts";
import { apiRequest } from "../../../lib/api-client.ts";

export function deletePost(id: string): Promise<void> {
  return apiRequest<void>("DELETE", `/api/posts/${encodeURIComponent(id)}`);
}

/** Deletes a post, then refreshes the blog's post lists and its categories' counts. */
export function useDeletePost(blogId: string) {
  const { mutate } = useSWRConfig();
  const [isPending, setPending] = useState(false);

  async function remove(id: string): Promise<void> {
    setPending(true);
    try {
      await deletePost(id);
      await mutate(`/api/posts/${id}`, undefined, { revalidate: false });
      void revalidatePostLists(mutate, blogId);
      void mutate(categoriesKey(blogId));
    } finally {
      setPending(false);
    }
  }

  return { deletePost: remove, isPending };
}
