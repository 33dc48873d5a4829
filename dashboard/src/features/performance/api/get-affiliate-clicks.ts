import type { BlogAffiliateClicks } from "@contracts/affiliate-links.ts";
import useSWR from "swr";
import { createFetcher } from "../../../lib/api-client.ts";

/** `GET /api/blogs/{blogId}/affiliate-clicks`: the blog's clicks per day, last 30 days. */
export const affiliateClicksKey = (blogId: string) => `/api/blogs/${blogId}/affiliate-clicks`;

export const getAffiliateClicks = createFetcher<BlogAffiliateClicks>() as (
  key: string,
) => Promise<BlogAffiliateClicks>;

export function useAffiliateClicks(blogId: string | null | undefined) {
  return useSWR<BlogAffiliateClicks>(
    blogId ? affiliateClicksKey(blogId) : null,
    getAffiliateClicks,
  );
}
