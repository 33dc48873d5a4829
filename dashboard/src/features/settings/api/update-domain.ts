import type { Blog, DomainInput } from "@contracts/blogs.ts";
import { useState } from "react";
import { useSWRConfig } from "swr";
import { siteStatusKey } from "@/lib/api/get-site-status.ts";
import { blogsKey } from "../../../lib/api/get-blogs.ts";
import { apiRequest } from "../../../lib/api-client.ts";

/** `PATCH /api/blogs/{id}/domain`: `subdomain` or `customDomain`, one at a time; "" clears it. */
export function updateDomain(blogId: string, input: DomainInput): Promise<Blog> {
  return apiRequest<Blog>("PATCH", `/api/blogs/${blogId}/domain`, input);
}

/**
 * Puts the answered blog into the cached list at once (so 'Saved' shows without a flash of
 * 'Update'), then refetches the list, the blog and its site status (a domain change re-renders).
 */
export function useRefreshBlog() {
  const { mutate } = useSWRConfig();
  return async (blog: Blog) => {
    await Promise.all([
      mutate<Blog[]>(blogsKey, (blogs) => blogs?.map((b) => (b.id === blog.id ? blog : b)), {
        revalidate: true,
      }),
      mutate(`/api/blogs/${blog.id}`),
      mutate(siteStatusKey(blog.id)),
    ]);
  };
}

export function useUpdateDomain() {
  const refresh = useRefreshBlog();
  const [pending, setPending] = useState<keyof DomainInput | null>(null);
  async function update(blogId: string, input: DomainInput): Promise<Blog> {
    setPending(input.subdomain !== undefined ? "subdomain" : "customDomain");
    try {
      const blog = await updateDomain(blogId, input);
      await refresh(blog);
      return blog;
    } finally {
      setPending(null);
    }
  }
  return { updateDomain: update, pending };
}
