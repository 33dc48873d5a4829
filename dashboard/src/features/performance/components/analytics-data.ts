import type { AnalyticsRange, BlogAnalytics, FleetAnalytics } from "@contracts/analytics.ts";
import { format, parseISO } from "date-fns";
import { type ChartBar, plural, scaleBars } from "../../../components/bar-chart-data.ts";

export type TrafficBar = ChartBar & { period: string; visitors: number };

/** Views per day (per month for 12 months) as bars, with visitors for the table. */
export function trafficChart(series: BlogAnalytics["series"], range: AnalyticsRange) {
  const monthly = range === "12m";
  const label = (period: string) =>
    monthly ? format(parseISO(`${period}-01`), "MMM yyyy") : format(parseISO(period), "MMM d");
  const scaled = scaleBars(
    series.map((p) => ({ key: p.period, label: label(p.period), value: p.views })),
  );
  const bars: TrafficBar[] = scaled.bars.map((bar, i) => ({
    ...bar,
    period: series[i]?.period ?? bar.key,
    visitors: series[i]?.visitors ?? 0,
  }));
  const busiest = bars.find((bar) => bar.value === scaled.max);
  const unit = monthly ? "month" : "day";
  const summary =
    scaled.total === 0 || !busiest
      ? "No page views in this range."
      : `${plural(scaled.total, "page view")} in this range; the busiest ${unit} was ${busiest.label} with ${plural(busiest.value, "view")}.`;
  return { bars, max: scaled.max, total: scaled.total, summary };
}

/** A ratio as a percent with one decimal, or a dash when there is nothing to divide by. */
export const percent = (ratio: number | null) =>
  ratio === null ? "–" : `${(Math.round(ratio * 1000) / 10).toFixed(1)}%`;

export function money(amount: number | null, currency: string) {
  if (amount === null) return "–";
  return new Intl.NumberFormat("en-US", { style: "currency", currency }).format(amount);
}

export type FleetSortKey = "name" | "views" | "visitors" | "clicks" | "postsPublished" | "revenue";

/** The fleet's rows sorted by one column (names A→Z ascending; ties by name). */
export function sortFleet(
  rows: FleetAnalytics["blogs"],
  key: FleetSortKey,
  direction: "ascending" | "descending",
) {
  const sign = direction === "ascending" ? 1 : -1;
  return [...rows].sort((a, b) => {
    const order = key === "name" ? a.name.localeCompare(b.name) : a[key] - b[key];
    return order !== 0 ? sign * order : a.name.localeCompare(b.name);
  });
}

export const referrerKinds: Record<string, string> = {
  search: "Search engine",
  ai: "AI assistant",
  social: "Social",
  site: "Website",
};

/** Why hits were not counted (`ExcludedReason` in api/features/analytics/ingest.ts). */
export const excludedReasons: Record<string, string> = {
  bot: "Bots and crawlers",
  prefetch: "Prefetches",
  "do-not-track": "Do Not Track",
  "unknown-path": "Pages the blog does not serve",
  "served-path": "Not-found reports for pages it serves",
  "unknown-post": "Post ids that do not match",
  "address-limit": "Over the limit per IP address",
  "blog-limit": "Over the blog's per-minute limit",
  "daily-cap": "Over the daily limit",
};
