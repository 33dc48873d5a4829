import { recommendationStatuses } from "./limits.ts";
import { z } from "./zod.ts";

export const decideRecommendationInput = z.object({
  status: z.enum(["approved", "rejected"], { error: "Status must be approved or rejected" }),
});
export type DecideRecommendationInput = z.infer<typeof decideRecommendationInput>;

export const recommendationListQuery = z.object({
  status: z.enum(recommendationStatuses).optional(),
});

/** An AI affiliate program recommendation (spec section 3). */
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
