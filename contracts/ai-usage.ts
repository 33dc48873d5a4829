/**
 * What the AI gate counts (api/ai/gate.ts) and how the dashboard shows it: every model call is
 * recorded under one of these features, against the owner's daily allowance.
 */
export const aiFeatures = [
  "generate-post",
  "optimize-meta",
  "blog-ideas",
  "affiliate-programs",
  "automation",
  "alt-text",
  "feature-image",
] as const;
export type AiFeature = (typeof aiFeatures)[number];

export const aiFeatureLabels: Record<AiFeature, string> = {
  "generate-post": "Generate with AI",
  "optimize-meta": "AI Optimize",
  "blog-ideas": "Blog ideas",
  "affiliate-programs": "Affiliate programs",
  automation: "Content automation",
  "alt-text": "Suggest alt text",
  "feature-image": "Feature images",
};

/** How many posts the usage report lists by cost. */
export const aiUsagePostsShown = 10;

/** One day (UTC) of usage: tokens per feature. */
export type AiUsageDay = {
  date: string;
  total: number;
  byFeature: Partial<Record<AiFeature, number>>;
};

/**
 * An estimated price in US dollars, from the server's price table (AI_PRICES) and the tokens
 * recorded. A model without a price costs "unknown", never 0 (decision 332).
 */
export type AiCost = {
  /** Dollars for the tokens of models with a price; null when none of the tokens has one. */
  usd: number | null;
  /** Tokens of models without a price: what they cost is unknown. */
  unpricedTokens: number;
};

/** One feature's usage over the last 30 days. */
export type AiFeatureUsage = {
  feature: AiFeature;
  promptTokens: number;
  completionTokens: number;
  cost: AiCost;
};

/** The model calls made for one post over the last 30 days. */
export type AiPostUsage = {
  postId: string;
  /** Null when the post is gone (deleted, or never saved after a failed run). */
  title: string | null;
  blogName: string | null;
  tokens: number;
  cost: AiCost;
};

/** `GET /api/ai/usage`: the signed-in owner's AI usage against the allowance. */
export type AiUsageReport = {
  /** False when no AI provider is configured: the offline writer is used and nothing is counted. */
  configured: boolean;
  model: string;
  /** Tokens the owner may use per UTC day. */
  dailyLimit: number;
  today: AiUsageDay;
  /** The last 30 UTC days, oldest first, today last (days without usage included, at 0). */
  days: AiUsageDay[];
  last30DaysTotal: number;
  /** What the last 30 days cost, estimated. */
  last30DaysCost: AiCost;
  /** Features with usage in the last 30 days, most tokens first. */
  features: AiFeatureUsage[];
  /** The posts with the most tokens in the last 30 days (at most `aiUsagePostsShown`), most first. */
  posts: AiPostUsage[];
  /** Models used in the last 30 days that have no price in AI_PRICES. */
  unpricedModels: string[];
  /** When the allowance renews (next midnight UTC), ISO. */
  renewsAt: string;
};
