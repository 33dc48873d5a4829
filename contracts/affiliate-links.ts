import { subIdParam, subIdTemplate } from "./analytics.ts";
import { entityId } from "./ids.ts";
import { limits } from "./limits.ts";
import type { LinkHealth } from "./link-health.ts";
import { z } from "./zod.ts";

const keyword = z
  .string({ error: (issue) => (issue.input === undefined ? "Keyword is required" : undefined) })
  .trim()
  .min(1, "Keyword is required")
  .max(limits.affiliateKeyword);

/** Absolute http(s) only: no javascript:, data:, protocol-relative or malformed addresses. */
const url = z
  .string({ error: (issue) => (issue.input === undefined ? "URL is required" : undefined) })
  .trim()
  .min(1, "URL is required")
  .max(limits.url)
  .pipe(
    z.url({
      protocol: /^https?$/,
      hostname: z.regexes.domain,
      error: "URL must be an absolute http(s) address",
    }),
  );

export const createAffiliateLinkInput = z.object({
  blogId: entityId,
  keyword,
  url,
  autoInsert: z.boolean().default(true),
  /** Optional sub-ID (issue 18): both set, or neither ('' clears). */
  subIdParam: subIdParam.optional(),
  subIdTemplate: subIdTemplate.optional(),
});
export type CreateAffiliateLinkInput = z.infer<typeof createAffiliateLinkInput>;

export const updateAffiliateLinkInput = z
  .object({
    keyword: keyword.optional(),
    url: url.optional(),
    autoInsert: z.boolean().optional(),
    subIdParam: subIdParam.optional(),
    subIdTemplate: subIdTemplate.optional(),
  })
  .refine(
    (value) => Object.values(value).some((v) => v !== undefined),
    "Send keyword, url or autoInsert",
  );
export type UpdateAffiliateLinkInput = z.infer<typeof updateAffiliateLinkInput>;

/** An affiliate link as the API answers it. */
export type AffiliateLink = {
  id: string;
  blogId: string;
  keyword: string;
  url: string;
  autoInsert: boolean;
  /** Counted clicks (bots and prefetches excluded). */
  clicks: number;
  /** Query parameter and template of the sub-ID added on each click, or null. */
  subIdParam: string | null;
  subIdTemplate: string | null;
  createdAt: string;
  /** The last check of the link's URL (decision 379): in the blog's list only; null before one. */
  health?: LinkHealth | null;
};

/** `GET /api/affiliate-links/{id}/clicks`: totals, uniques and clicks per day (last 30 days). */
export type AffiliateLinkClicks = {
  total: number;
  unique: number;
  days: { day: string; clicks: number; unique: number }[];
};

/**
 * `GET /api/blogs/{blogId}/affiliate-clicks`: the blog's clicks per UTC day for the last 30
 * days (oldest first, zeros filled), summed over its links.
 */
export type BlogAffiliateClicks = {
  days: { date: string; clicks: number; uniqueClicks: number }[];
};
