import type { Blog } from "@contracts/blogs.ts";
import { useState } from "react";
import { useSWRConfig } from "swr";
import { blogsKey } from "../../../lib/api/get-blogs.ts";
import { apiRequest, statusOf } from "../../../lib/api-client.ts";
import { useRefreshBlog } from "./update-domain.ts";

/**
 * `POST /api/blogs/{id}/domain/verify`: the verified blog, or a 400 whose message names the
 * DNS records that are missing or wrong.
 */
export function verifyDomain(blogId: string): Promise<Blog> {
  return apiRequest<Blog>("POST", `/api/blogs/${blogId}/domain/verify`);
}

export function useVerifyDomain() {
  const refresh = useRefreshBlog();
  const { mutate } = useSWRConfig();
  const [isVerifying, setVerifying] = useState(false);
  async function verify(blogId: string): Promise<Blog> {
    setVerifying(true);
    try {
      const blog = await verifyDomain(blogId);
      await refresh(blog);
      return blog;
    } catch (error) {
      // The claim may have ended meanwhile (expired, or another blog verified the domain
      // first): reread the blog so the card shows why.
      if (statusOf(error) === 400 || statusOf(error) === 409)
        await Promise.all([mutate(blogsKey), mutate(`/api/blogs/${blogId}`)]);
      throw error;
    } finally {
      setVerifying(false);
    }
  }
  return { verifyDomain: verify, isVerifying };
}
