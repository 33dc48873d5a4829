import {
  type AiCost,
  type AiFeature,
  type AiPostUsage,
  type AiUsageReport,
  aiFeatureLabels,
  aiFeatures,
} from "@contracts/ai-usage.ts";
import { format, parseISO } from "date-fns";
import { type ChartBar, scaleBars } from "../../../components/bar-chart-data.ts";

export const tokens = (n: number) => `${n.toLocaleString("en-US")} token${n === 1 ? "" : "s"}`;

/** The 30 days as bars, and a sentence that says what they show. */
export function usageChart(report: AiUsageReport): {
  bars: (ChartBar & { date: string })[];
  max: number;
  summary: string;
} {
  const { bars, max, total } = scaleBars(
    report.days.map((day) => ({
      key: day.date,
      label: format(parseISO(day.date), "MMM d"),
      value: day.total,
    })),
  );
  const busiest = report.days.reduce(
    (best, day) => (day.total > best.total ? day : best),
    report.days[0] ?? { date: "", total: 0, byFeature: {} },
  );
  const summary =
    total === 0
      ? "No AI tokens used in the last 30 days."
      : `${tokens(total)} used in the last 30 days; the busiest day was ${format(parseISO(busiest.date), "MMM d")} with ${tokens(busiest.total)}.`;
  return { bars: bars.map((bar) => ({ ...bar, date: bar.key })), max, summary };
}

/**
 * Dollars as an estimate reads best: cents from a cent up, four decimals below (a call costs
 * a fraction of a cent), and "under $0.0001" rather than a rounded $0.0000.
 */
export function dollars(usd: number): string {
  if (usd === 0) return "$0.00";
  if (usd < 0.0001) return "under $0.0001";
  if (usd < 0.01) return `$${usd.toFixed(4)}`;
  return usd.toLocaleString("en-US", { style: "currency", currency: "USD" });
}

/**
 * An estimated cost as the card says it: unknown when no price is set for any of the models
 * used, "at least" when only some have one, never $0.00 for tokens without a price.
 */
export function costText(cost: AiCost | undefined): string {
  if (!cost || cost.usd === null) return "Unknown";
  return cost.unpricedTokens > 0 ? `at least ${dollars(cost.usd)}` : dollars(cost.usd);
}

/** Tokens per feature, today and over 30 days, with the 30 days' cost, for features that used any. */
export function usageByFeature(report: AiUsageReport): {
  feature: AiFeature;
  label: string;
  today: number;
  last30Days: number;
  cost: string;
}[] {
  return aiFeatures
    .map((feature) => ({
      feature,
      label: aiFeatureLabels[feature],
      today: report.today.byFeature[feature] ?? 0,
      last30Days: report.days.reduce((sum, day) => sum + (day.byFeature[feature] ?? 0), 0),
      cost: costText(report.features.find((f) => f.feature === feature)?.cost),
    }))
    .filter((row) => row.last30Days > 0);
}

/** What a post of the cost table is called: its title, or what became of it. */
export const postLabel = (post: AiPostUsage) => post.title ?? "Deleted or unsaved post";

/** Why some costs read "Unknown": the models with no price on the server. */
export function unpricedNote(report: AiUsageReport): string | undefined {
  const models = report.unpricedModels;
  if (models.length === 0) return undefined;
  const named =
    models.length === 1
      ? `model ${models[0]}`
      : `models ${models.slice(0, -1).join(", ")} and ${models.at(-1)}`;
  return `No price is set for ${named} on this server (AI_PRICES), so ${models.length === 1 ? "its" : "their"} cost shows as unknown.`;
}

/** Share of today's allowance used, 0–100. */
export const allowancePercent = (report: AiUsageReport) =>
  report.dailyLimit === 0
    ? 100
    : Math.min(100, Math.round((report.today.total / report.dailyLimit) * 100));
