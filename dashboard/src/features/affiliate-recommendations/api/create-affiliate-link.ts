import { useState } from "react";
import { useSWRConfig } from "swr";
import type {
  AffiliateLink,
  CreateAffiliateLinkInput,
} from "../../../../../contracts/affiliate-links.ts";
import { apiRequest } from "../../../lib/api-client.ts";

/** The Affiliate Links screen's list key, refreshed when a link is made from a recommendation. */
export const blogAffiliateLinksKey = (blogId: string) => `/api/blogs/${blogId}/affiliate-links`;

/** `POST /api/affiliate-links`: a link for an approved program (keyword, url, autoInsert, blogId). */
export function createAffiliateLink(input: CreateAffiliateLinkInput): Promise<AffiliateLink> {
  return apiRequest<AffiliateLink>("POST", "/api/affiliate-links", input);
}

export function useCreateAffiliateLink() {
  const { mutate } = useSWRConfig();
  const [isPending, setPending] = useState(false);
  async function create(input: CreateAffiliateLinkInput): Promise<AffiliateLink> {
    setPending(true);
    try {
      const link = await createAffiliateLink(input);
      await mutate(blogAffiliateLinksKey(input.blogId));
      return link;
    } finally {
      setPending(false);
    }
  }
  return { createAffiliateLink: create, isPending };
}
