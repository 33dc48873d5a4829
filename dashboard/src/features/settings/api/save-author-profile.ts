import type { AuthorProfile, AuthorProfileInput } from "@contracts/authors.ts";
import { useState } from "react";
import { useSWRConfig } from "swr";
import { siteStatusKey } from "@/lib/api/get-site-status.ts";
import { apiRequest } from "../../../lib/api-client.ts";
import { authorProfileKey } from "./get-author-profile.ts";
import { blogAuthorsKey } from "./get-blog-authors.ts";

/** `PUT /api/blogs/{blogId}/authors/me`: the whole profile; a change re-renders the blog. */
export function saveAuthorProfile(
  blogId: string,
  input: AuthorProfileInput,
): Promise<AuthorProfile> {
  return apiRequest<AuthorProfile>("PUT", authorProfileKey(blogId), input);
}

export function useSaveAuthorProfile() {
  const { mutate } = useSWRConfig();
  const [isPending, setPending] = useState(false);
  async function save(blogId: string, input: AuthorProfileInput): Promise<AuthorProfile> {
    setPending(true);
    try {
      const profile = await saveAuthorProfile(blogId, input);
      await mutate(authorProfileKey(blogId), profile, { revalidate: false });
      void mutate(blogAuthorsKey(blogId));
      // Bylines change on the public blog: its site line shows the render.
      void mutate(siteStatusKey(blogId));
      return profile;
    } finally {
      setPending(false);
    }
  }
  return { saveAuthorProfile: save, isPending };
}
