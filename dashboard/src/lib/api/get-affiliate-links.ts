import type { AffiliateLink } from "@contracts/affiliate-links.ts";
import useSWR from "swr";
import { createFetcher } from "../api-client.ts";

/** `GET /api/blogs/{blogId}/affiliate-links`: the blog's links with their click totals. */
export const affiliateLinksKey = (blogId: string) => `/api/blogs/${blogId}/affiliate-links`;

export const getAffiliateLinks = createFetcher<AffiliateLink[]>() as (
  key: string,
) => Promise<AffiliateLink[]>;

export function useAffiliateLinks(blogId: string | null | undefined) {
  return useSWR<AffiliateLink[]>(blogId ? affiliateLinksKey(blogId) : null, getAffiliateLinks);
}
