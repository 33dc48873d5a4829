import type { AffiliateLink, CreateAffiliateLinkInput } from "@contracts/affiliate-links.ts";
import { useState } from "react";
import { useSWRConfig } from "swr";
import { apiRequest } from "../api-client.ts";
import { affiliateLinksKey } from "./get-affiliate-links.ts";

/** `POST /api/affiliate-links`: keyword, url, autoInsert and blogId. */
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
      await mutate(affiliateLinksKey(input.blogId));
      return link;
    } finally {
      setPending(false);
    }
  }
  return { createAffiliateLink: create, isPending };
}
