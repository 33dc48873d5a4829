import { format, parseISO } from "date-fns";
import type { AffiliateLinkClicks } from "../../../../../contracts/affiliate-links.ts";

export type ClickBar = {
  day: string;
  /** 'Mar 5' */
  label: string;
  clicks: number;
  unique: number;
  /** Bar height relative to the busiest day; a day with clicks is never drawn flat. */
  heightPercent: number;
};

export type ClickChart = {
  bars: ClickBar[];
  max: number;
  total: number;
  /** One sentence for screen readers and the chart's text alternative. */
  summary: string;
};

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/**
 * Turns the API's days into bars: oldest first, one bar per day (a repeated day keeps its
 * last entry), at most the last `length` days, heights scaled to the busiest day.
 */
export function clickChart(days: AffiliateLinkClicks["days"], length = 30): ClickChart {
  const byDay = new Map(days.map((d) => [d.day, d]));
  const ordered = [...byDay.values()].sort((a, b) => a.day.localeCompare(b.day)).slice(-length);
  const max = ordered.reduce((m, d) => Math.max(m, d.clicks), 0);
  const bars = ordered.map((d) => ({
    day: d.day,
    label: format(parseISO(d.day), "MMM d"),
    clicks: d.clicks,
    unique: d.unique,
    heightPercent: d.clicks > 0 ? Math.max(4, Math.round((d.clicks / max) * 100)) : 0,
  }));
  const total = bars.reduce((sum, bar) => sum + bar.clicks, 0);
  const busiest = bars.find((bar) => bar.clicks === max);
  const summary =
    total === 0 || !busiest
      ? `No clicks in the last ${length} days.`
      : `${plural(total, "click")} in the last ${length} days; the busiest day was ${busiest.label} with ${plural(busiest.clicks, "click")}.`;
  return { bars, max, total, summary };
}
