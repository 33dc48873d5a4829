import useSWR from "swr";
import type { AffiliateRecommendation } from "../../../../../contracts/recommendations.ts";
import { createFetcher } from "../../../lib/api-client.ts";

/** `GET /api/blogs/{blogId}/affiliate-recommendations`: every status, to count them. */
export const affiliateRecommendationsKey = (blogId: string) =>
  `/api/blogs/${blogId}/affiliate-recommendations`;

export const getAffiliateRecommendations = createFetcher<AffiliateRecommendation[]>() as (
  key: string,
) => Promise<AffiliateRecommendation[]>;

export function useAffiliateRecommendations(blogId: string | null | undefined) {
  return useSWR<AffiliateRecommendation[]>(
    blogId ? affiliateRecommendationsKey(blogId) : null,
    getAffiliateRecommendations,
  );
}
