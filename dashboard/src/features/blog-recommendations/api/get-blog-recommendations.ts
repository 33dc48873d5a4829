import type { BlogRecommendation } from "@contracts/recommendations.ts";
import useSWR from "swr";
import { createFetcher } from "../../../lib/api-client.ts";

/** `GET /api/blog-recommendations`: every idea of the owner (not of one blog), newest first. */
export const blogRecommendationsKey = "/api/blog-recommendations";

export const getBlogRecommendations = createFetcher<BlogRecommendation[]>() as (
  key: string,
) => Promise<BlogRecommendation[]>;

export function useBlogRecommendations() {
  return useSWR<BlogRecommendation[]>(blogRecommendationsKey, getBlogRecommendations);
}
