import type { AffiliateRecommendation } from "@contracts/recommendations.ts";
import { useState } from "react";
import { useSWRConfig } from "swr";
import { isAffiliateRecommendationsKey } from "../../../lib/api/get-affiliate-recommendations.ts";
import { apiRequest } from "../../../lib/api-client.ts";

/**
 * `POST /api/blogs/{blogId}/affiliate-recommendations/generate` (201): asks the AI (or the
 * built-in catalogue) for programs not yet suggested for the blog; answers only the new ones.
 */
export function findAffiliatePrograms(blogId: string): Promise<AffiliateRecommendation[]> {
  return apiRequest<AffiliateRecommendation[]>(
    "POST",
    `/api/blogs/${blogId}/affiliate-recommendations/generate`,
  );
}

export function useFindAffiliatePrograms(blogId: string) {
  const { mutate } = useSWRConfig();
  const [isPending, setPending] = useState(false);
  async function find(): Promise<AffiliateRecommendation[]> {
    setPending(true);
    try {
      const found = await findAffiliatePrograms(blogId);
      await mutate(isAffiliateRecommendationsKey(blogId));
      return found;
    } finally {
      setPending(false);
    }
  }
  return { findPrograms: find, isPending };
}
