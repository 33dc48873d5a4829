import type { Blog, CreateBlogInput } from "@contracts/blogs.ts";
import { useState } from "react";
import { useSWRConfig } from "swr";
import { apiRequest } from "../api-client.ts";
import { blogsKey } from "./get-blogs.ts";

/** The browser's IANA time zone: a new blog's public dates follow it (decision 140). */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

export function createBlog(input: CreateBlogInput): Promise<Blog> {
  return apiRequest<Blog>("POST", "/api/blogs", {
    ...input,
    timeZone: input.timeZone ?? browserTimeZone(),
  });
}

/**
 * Creates a blog, puts it in the cached list at once (so it can be selected right away),
 * then refreshes the list from the server.
 */
export function useCreateBlog() {
  const { mutate } = useSWRConfig();
  const [isPending, setPending] = useState(false);

  async function create(input: CreateBlogInput): Promise<Blog> {
    setPending(true);
    try {
      const blog = await createBlog(input);
      await mutate<Blog[]>(
        blogsKey,
        (current) => [...(current ?? []).filter((b) => b.id !== blog.id), blog],
        { revalidate: false },
      );
      void mutate(blogsKey);
      return blog;
    } finally {
      setPending(false);
    }
  }

  return { createBlog: create, isPending };
}
