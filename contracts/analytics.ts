import { z } from "./zod.ts";

/** Report ranges of the Performance screen (issue 18). */
export const analyticsRanges = ["7d", "30d", "90d", "12m"] as const;
export type AnalyticsRange = (typeof analyticsRanges)[number];
export const rangeLabels: Record<AnalyticsRange, string> = {
  "7d": "Last 7 days",
  "30d": "Last 30 days",
  "90d": "Last 90 days",
  "12m": "Last 12 months",
};
export const rangeQuery = z.object({ range: z.enum(analyticsRanges).default("30d") });
export type RangeQuery = z.infer<typeof rangeQuery>;

export type AnalyticsSettings = {
  enabled: boolean;
  honorDoNotTrack: boolean;
  /** Days raw page views are kept before only daily totals remain. */
  rawHitRetentionDays: number;
  hourlyRetentionDays: number;
};
export const updateAnalyticsSettingsInput = z
  .object({ enabled: z.boolean().optional(), honorDoNotTrack: z.boolean().optional() })
  .refine((v) => v.enabled !== undefined || v.honorDoNotTrack !== undefined, {
    message: "Send enabled or honorDoNotTrack",
  });
export type UpdateAnalyticsSettingsInput = z.infer<typeof updateAnalyticsSettingsInput>;

/** A row of a ranked report: views and visitors (distinct per day, summed over days). */
export type RankedRow = { key: string; label: string; views: number; visitors: number };

/** `GET /api/blogs/{blogId}/analytics?range=`: one blog's reader report. */
export type BlogAnalytics = {
  range: AnalyticsRange;
  from: string;
  to: string;
  /** One point per day (per month for 12 months), oldest first, zeros filled. */
  series: { period: string; views: number; visitors: number }[];
  totals: { views: number; visitors: number; excluded: number; notFound: number };
  /** The last 24 hours, from the hourly rollups. */
  last24h: { views: number; visitors: number };
  topPosts: (RankedRow & { clicks: number; ctr: number | null })[];
  topPages: RankedRow[];
  entryPages: RankedRow[];
  notFoundPages: RankedRow[];
  referrers: (RankedRow & { kind: "search" | "ai" | "social" | "site" })[];
  campaigns: (RankedRow & { source: string; medium: string; campaign: string })[];
  devices: RankedRow[];
  browsers: RankedRow[];
  excluded: { reason: string; hits: number }[];
  /** Affiliate clicks ÷ page views per link (over the blog's views). */
  links: {
    id: string;
    keyword: string;
    clicks: number;
    ctr: number | null;
    revenue: number;
    epc: number | null;
  }[];
  revenue: {
    currency: string;
    total: number;
    /** Revenue per 1,000 page views. */
    rpm: number | null;
    epc: number | null;
    byPost: {
      postId: string;
      title: string;
      revenue: number;
      clicks: number;
      views: number;
      epc: number | null;
      rpm: number | null;
    }[];
  };
};

/** `GET /api/analytics/fleet?range=`: every blog of the owner over the range. */
export type FleetAnalytics = {
  range: AnalyticsRange;
  blogs: {
    blogId: string;
    name: string;
    views: number;
    visitors: number;
    clicks: number;
    postsPublished: number;
    revenue: number;
    rpm: number | null;
  }[];
  currency: string;
};

/** Networks with a preset for their commission report CSV. */
export const commissionNetworks = ["amazon", "impact", "cj", "awin", "other"] as const;
export type CommissionNetwork = (typeof commissionNetworks)[number];

/** Which CSV column carries each field of a commission. */
export const commissionMapping = z.object({
  subId: z.string().trim().min(1, "Name the sub-ID column").max(200),
  amount: z.string().trim().min(1, "Name the commission column").max(200),
  date: z.string().trim().max(200).optional(),
  id: z.string().trim().max(200).optional(),
  currency: z.string().trim().max(200).optional(),
});
export type CommissionMapping = z.infer<typeof commissionMapping>;

export const importCommissionsInput = z.object({
  network: z.enum(commissionNetworks),
  /** The report as exported by the network. */
  csv: z.string().min(1, "The CSV is empty").max(900_000, "The CSV is larger than 900 kB"),
  /** Only needed the first time for 'other', or to change a preset; kept per network. */
  mapping: commissionMapping.optional(),
  /** ISO 4217 code when the report has no currency column. */
  currency: z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/, "Currency must be a 3-letter code such as USD")
    .optional(),
});
export type ImportCommissionsInput = z.infer<typeof importCommissionsInput>;

export type CommissionImportResult = {
  rows: number;
  imported: number;
  duplicates: number;
  /** Rows whose sub-ID names no post of the owner's blogs (not stored). */
  unmatched: number;
  mapping: CommissionMapping;
};

/** Sub-ID templates: `{post}`, `{blog}` and `{link}` are filled in on each click. */
export const subIdTemplate = z
  .string()
  .trim()
  .max(100)
  .regex(/^[A-Za-z0-9_.{}-]*$/, "Use letters, digits, - _ . and {post}, {blog}, {link}")
  .refine((v) => v === "" || /\{post\}/.test(v), "The template must contain {post}");
export const subIdParam = z
  .string()
  .trim()
  .max(50)
  .regex(/^[A-Za-z0-9_.-]*$/, "Parameter names use letters, digits, - _ .");
