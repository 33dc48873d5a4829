import type { Blog, CustomizationInput } from "@contracts/blogs.ts";
import { useState } from "react";
import { useSWRConfig } from "swr";
import { siteStatusKey } from "@/lib/api/get-site-status.ts";
import { blogsKey } from "../../../lib/api/get-blogs.ts";
import { apiRequest } from "../../../lib/api-client.ts";

/** `PATCH /api/blogs/{id}/customization`: colour, font and logo. */
export function updateCustomization(blogId: string, input: CustomizationInput): Promise<Blog> {
  return apiRequest<Blog>("PATCH", `/api/blogs/${blogId}/customization`, input);
}

export function useUpdateCustomization() {
  const { mutate } = useSWRConfig();
  const [isPending, setPending] = useState(false);
  async function update(blogId: string, input: CustomizationInput): Promise<Blog> {
    setPending(true);
    try {
      const blog = await updateCustomization(blogId, input);
      await Promise.all([
        mutate(blogsKey),
        mutate(`/api/blogs/${blogId}`),
        mutate(siteStatusKey(blogId)),
      ]);
      return blog;
    } finally {
      setPending(false);
    }
  }
  return { updateCustomization: update, isPending };
}
