import { recommendationStatuses } from "./limits.ts";
import { z } from "./zod.ts";

export const decideRecommendationInput = z.object({
  status: z.enum(["approved", "rejected"], { error: "Status must be approved or rejected" }),
});
export type DecideRecommendationInput = z.infer<typeof decideRecommendationInput>;

export const recommendationListQuery = z.object({
  status: z.enum(recommendationStatuses).optional(),
});

/** An AI affiliate program recommendation. */
export type AffiliateRecommendation = {
  id: string;
  blogId: string;
  programName: string;
  category: string;
  description: string;
  commissionRate: string | null;
  reasoning: string | null;
  signupUrl: string;
  status: (typeof recommendationStatuses)[number];
  /** "ai" from the configured model, "offline" from the built-in catalogue. */
  source: "ai" | "offline";
  createdAt: string;
};

/** `GET /api/affiliate-recommendations/{id}/keywords`: keywords for a link to it, best first. */
export type KeywordSuggestions = { keywords: string[] };

/** What a model must answer when asked for affiliate programs. */
export const suggestedProgramsSchema = z.object({
  programs: z
    .array(
      z.object({
        programName: z.string().trim().min(1).max(120),
        category: z.string().trim().min(1).max(80),
        description: z.string().trim().min(1).max(600),
        commissionRate: z.string().trim().max(80),
        reasoning: z.string().trim().max(800),
        signupUrl: z.url({ protocol: /^https?$/ }),
      }),
    )
    .max(10),
});

/** A blog idea (BlogRecommendation). */
export type BlogRecommendation = {
  id: string;
  status: (typeof recommendationStatuses)[number];
  suggestedName: string;
  suggestedNiche: string;
  suggestedDomain: string | null;
  targetAudience: string | null;
  monetizationPotential: string | null;
  marketOpportunity: string | null;
  contentStrategy: string | null;
  suggestedTopics: string[];
  reasoning: string | null;
  /** The blog made from it, once approved. */
  createdBlogId: string | null;
  /** Approved by the AI itself in maximum-trust mode. */
  autoApproved: boolean;
  source: "ai" | "offline";
  createdAt: string;
};

/** What a model must answer when asked for blog ideas. */
export const suggestedBlogIdeasSchema = z.object({
  ideas: z
    .array(
      z.object({
        suggestedName: z.string().trim().min(1).max(100),
        suggestedNiche: z.string().trim().min(1).max(120),
        suggestedDomain: z.string().trim().max(253),
        targetAudience: z.string().trim().max(600),
        monetizationPotential: z.string().trim().max(600),
        marketOpportunity: z.string().trim().max(600),
        contentStrategy: z.string().trim().max(800),
        suggestedTopics: z.array(z.string().trim().min(1).max(200)).max(20),
        reasoning: z.string().trim().max(800),
      }),
    )
    .max(5),
});
export type SuggestedBlogIdea = z.infer<typeof suggestedBlogIdeasSchema>["ideas"][number];
