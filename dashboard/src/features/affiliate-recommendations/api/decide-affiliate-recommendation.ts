import type {
  AffiliateRecommendation,
  DecideRecommendationInput,
} from "@contracts/recommendations.ts";
import { useState } from "react";
import { useSWRConfig } from "swr";
import {
  affiliateRecommendationsKey,
  isAffiliateRecommendationsKey,
} from "../../../lib/api/get-affiliate-recommendations.ts";
import { apiRequest } from "../../../lib/api-client.ts";

/** `PATCH /api/affiliate-recommendations/{id}` with approved or rejected (409 unless pending). */
export function decideAffiliateRecommendation(
  id: string,
  input: DecideRecommendationInput,
): Promise<AffiliateRecommendation> {
  return apiRequest<AffiliateRecommendation>(
    "PATCH",
    `/api/affiliate-recommendations/${id}`,
    input,
  );
}

/**
 * Approves or rejects one recommendation. The decided row is written into the cached list at
 * once (its card leaves the pending list, the counters move), then every list form is fetched
 * again. A refused decision (say, already decided in another tab) refreshes the lists too.
 */
export function useDecideAffiliateRecommendation(blogId: string) {
  const { mutate } = useSWRConfig();
  // The decision under way for each recommendation (its buttons are disabled meanwhile).
  const [deciding, setDeciding] = useState<
    ReadonlyMap<string, DecideRecommendationInput["status"]>
  >(new Map());
  async function decide(
    id: string,
    input: DecideRecommendationInput,
  ): Promise<AffiliateRecommendation> {
    setDeciding((current) => new Map(current).set(id, input.status));
    try {
      const decided = await decideAffiliateRecommendation(id, input);
      await mutate<AffiliateRecommendation[]>(
        affiliateRecommendationsKey(blogId),
        (current) => current?.map((r) => (r.id === id ? decided : r)),
        { revalidate: false },
      );
      return decided;
    } finally {
      void mutate(isAffiliateRecommendationsKey(blogId));
      setDeciding((current) => {
        const next = new Map(current);
        next.delete(id);
        return next;
      });
    }
  }
  return { decideRecommendation: decide, deciding };
}
