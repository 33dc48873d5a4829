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
] as const;
export type AiFeature = (typeof aiFeatures)[number];

export const aiFeatureLabels: Record<AiFeature, string> = {
  "generate-post": "Generate with AI",
  "optimize-meta": "AI Optimize",
  "blog-ideas": "Blog ideas",
  "affiliate-programs": "Affiliate programs",
  automation: "Content automation",
  "alt-text": "Suggest alt text",
};

/** One day (UTC) of usage: tokens per feature. */
export type AiUsageDay = {
  date: string;
  total: number;
  byFeature: Partial<Record<AiFeature, number>>;
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
  /** When the allowance renews (next midnight UTC), ISO. */
  renewsAt: string;
};
