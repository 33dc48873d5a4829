import type { Blog, CloneBlogInput } from "@contracts/blogs.ts";
import { useSWRConfig } from "swr";
import { blogsKey } from "@/lib/api/get-blogs.ts";
import { apiRequest } from "@/lib/api-client.ts";
import { fleetOverviewKey } from "./get-fleet-overview.ts";

/** `POST /api/blogs/{id}/clone`: a new blog with this one's settings (decision 142). */
export function cloneBlog(blogId: string, input: CloneBlogInput): Promise<Blog> {
  return apiRequest<Blog>("POST", `/api/blogs/${blogId}/clone`, input);
}

export function useCloneBlog() {
  const { mutate } = useSWRConfig();
  return async (blogId: string, input: CloneBlogInput) => {
    const blog = await cloneBlog(blogId, input);
    await mutate<Blog[]>(blogsKey, (current) => [...(current ?? []), blog], { revalidate: true });
    void mutate(fleetOverviewKey);
    return blog;
  };
}
