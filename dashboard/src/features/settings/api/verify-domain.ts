import { useState } from "react";
import type { Blog } from "../../../../../contracts/blogs.ts";
import { apiRequest } from "../../../lib/api-client.ts";
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
  const [isVerifying, setVerifying] = useState(false);
  async function verify(blogId: string): Promise<Blog> {
    setVerifying(true);
    try {
      const blog = await verifyDomain(blogId);
      await refresh(blog);
      return blog;
    } finally {
      setVerifying(false);
    }
  }
  return { verifyDomain: verify, isVerifying };
}
