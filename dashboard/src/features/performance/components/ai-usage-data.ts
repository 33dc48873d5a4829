import {
  type AiFeature,
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

/** Tokens per feature, today and over 30 days, for features that used any. */
export function usageByFeature(report: AiUsageReport): {
  feature: AiFeature;
  label: string;
  today: number;
  last30Days: number;
}[] {
  return aiFeatures
    .map((feature) => ({
      feature,
      label: aiFeatureLabels[feature],
      today: report.today.byFeature[feature] ?? 0,
      last30Days: report.days.reduce((sum, day) => sum + (day.byFeature[feature] ?? 0), 0),
    }))
    .filter((row) => row.last30Days > 0);
}

/** Share of today's allowance used, 0–100. */
export const allowancePercent = (report: AiUsageReport) =>
  report.dailyLimit === 0
    ? 100
    : Math.min(100, Math.round((report.today.total / report.dailyLimit) * 100));
