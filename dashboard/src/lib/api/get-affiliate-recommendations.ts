import type { RecommendationStatus } from "@contracts/limits.ts";
import type { AffiliateRecommendation } from "@contracts/recommendations.ts";
import useSWR from "swr";
import { createFetcher } from "../api-client.ts";

/**
 * `GET /api/blogs/{blogId}/affiliate-recommendations` (optionally `?status=`): the blog's
 * recommendations, newest first. Affiliate Recommendations and Performance read them all once
 * (the same cache entry) and count on the client; decisions revalidate every form of the key.
 */
export const affiliateRecommendationsKey = (blogId: string, status?: RecommendationStatus) =>
  `/api/blogs/${blogId}/affiliate-recommendations${status ? `?status=${status}` : ""}`;

/** Every cached form of a blog's recommendation list (all, or filtered by status). */
export const isAffiliateRecommendationsKey =
  (blogId: string) =>
  (key: unknown): boolean => {
    if (typeof key !== "string") return false;
    const base = affiliateRecommendationsKey(blogId);
    return key === base || key.startsWith(`${base}?`);
  };

export const getAffiliateRecommendations = createFetcher<AffiliateRecommendation[]>() as (
  key: string,
) => Promise<AffiliateRecommendation[]>;

export function useAffiliateRecommendations(blogId: string | null | undefined) {
  return useSWR<AffiliateRecommendation[]>(
    blogId ? affiliateRecommendationsKey(blogId) : null,
    getAffiliateRecommendations,
  );
}
