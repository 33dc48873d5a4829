import type { Blog, UpdateBlogInput } from "@contracts/blogs.ts";
import { useState } from "react";
import { useSWRConfig } from "swr";
import { apiRequest } from "../api-client.ts";
import { blogsKey } from "./get-blogs.ts";

/** `PATCH /api/blogs/{id}`: name, description, time zone (My Blogs and Settings). */
export function updateBlog(blogId: string, input: UpdateBlogInput): Promise<Blog> {
  return apiRequest<Blog>("PATCH", `/api/blogs/${blogId}`, input);
}

export function useUpdateBlog() {
  const { mutate } = useSWRConfig();
  const [isPending, setPending] = useState(false);
  async function update(blogId: string, input: UpdateBlogInput): Promise<Blog> {
    setPending(true);
    try {
      const blog = await updateBlog(blogId, input);
      await mutate<Blog[]>(
        blogsKey,
        (current) => (current ?? []).map((b) => (b.id === blog.id ? blog : b)),
        { revalidate: true },
      );
      return blog;
    } finally {
      setPending(false);
    }
  }
  return { updateBlog: update, isPending };
}
