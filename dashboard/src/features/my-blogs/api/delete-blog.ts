import type { Blog } from "@contracts/blogs.ts";
import { useSWRConfig } from "swr";
import { blogsKey } from "@/lib/api/get-blogs.ts";
import { apiRequest } from "@/lib/api-client.ts";
import { fleetOverviewKey } from "./get-fleet-overview.ts";

/** `DELETE /api/blogs/{id}`: the blog and everything in it (decision 141). */
export function deleteBlog(blogId: string): Promise<void> {
  return apiRequest<void>("DELETE", `/api/blogs/${blogId}`);
}

/**
 * Deletes a blog and drops it from the cached list at once; the selected blog then moves on
 * by the selected-blog rule (the first blog, or none).
 */
export function useDeleteBlog() {
  const { mutate } = useSWRConfig();
  return async (blogId: string) => {
    await deleteBlog(blogId);
    await mutate<Blog[]>(blogsKey, (current) => (current ?? []).filter((b) => b.id !== blogId), {
      revalidate: true,
    });
    void mutate(fleetOverviewKey);
  };
}
