import { defaults, limits, type RecommendationStatus } from "@contracts/limits.ts";
import type { AffiliateRecommendation } from "@contracts/recommendations.ts";
import type { LinkFormValues } from "../../../lib/affiliate-link-form.ts";

export type RecommendationSummary = {
  counts: Record<RecommendationStatus, number>;
  /** Waiting for a decision, in the list's order (newest first). */
  pending: AffiliateRecommendation[];
  /** Kept on screen so a link can still be made for them later. */
  approved: AffiliateRecommendation[];
};

/** The counters and the pending list, from one read of every recommendation. */
export function summarizeRecommendations(
  recommendations: readonly AffiliateRecommendation[],
): RecommendationSummary {
  const counts = { pending: 0, approved: 0, rejected: 0 };
  const pending: AffiliateRecommendation[] = [];
  const approved: AffiliateRecommendation[] = [];
  for (const recommendation of recommendations) {
    counts[recommendation.status] += 1;
    if (recommendation.status === "pending") pending.push(recommendation);
    if (recommendation.status === "approved") approved.push(recommendation);
  }
  return { counts, pending, approved };
}

/** What 'Find programs' says once it has run: how many new ones, or plainly that none were new. */
export function foundProgramsToast(
  found: number,
  blogName: string,
): { title: string; description: string } {
  if (found === 0) {
    return {
      title: "No new programs",
      description: `Every program found for ${blogName} has already been suggested. Add posts or categories, then try again.`,
    };
  }
  return {
    title: "Programs found",
    description: `${found} new affiliate ${found === 1 ? "program" : "programs"} to review for ${blogName}.`,
  };
}

/**
 * The link offered after approving a program: the best keyword suggested from the blog's posts
 * (never the program's name, which no post says; decision 354), cut to the keyword limit, or
 * blank for the owner to type; its sign-up page as target; auto-insert on (the default).
 */
export function linkDraftOf(
  recommendation: AffiliateRecommendation,
  keywords: readonly string[],
): LinkFormValues {
  return {
    keyword: (keywords[0] ?? "").slice(0, limits.affiliateKeyword).trim(),
    url: recommendation.signupUrl,
    autoInsert: defaults.autoInsert,
  };
}
