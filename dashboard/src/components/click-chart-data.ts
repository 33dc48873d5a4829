import { format, parseISO } from "date-fns";
import { plural, scaleBars } from "./bar-chart-data.ts";

/** One day of clicks as the API answers it (per link, or summed over a blog's links). */
export type ClickDay = { day: string; clicks: number; unique: number };

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

/**
 * Turns the API's days into bars: oldest first, one bar per day (a repeated day keeps its
 * last entry), at most the last `length` days, heights scaled to the busiest day.
 */
export function clickChart(days: readonly ClickDay[], length = 30): ClickChart {
  const byDay = new Map(days.map((d) => [d.day, d]));
  const ordered = [...byDay.values()].sort((a, b) => a.day.localeCompare(b.day)).slice(-length);
  const scaled = scaleBars(
    ordered.map((d) => ({ key: d.day, label: format(parseISO(d.day), "MMM d"), value: d.clicks })),
  );
  const bars = scaled.bars.map((bar, i) => ({
    day: bar.key,
    label: bar.label,
    clicks: bar.value,
    unique: ordered[i]?.unique ?? 0,
    heightPercent: bar.heightPercent,
  }));
  const busiest = bars.find((bar) => bar.clicks === scaled.max);
  const summary =
    scaled.total === 0 || !busiest
      ? `No clicks in the last ${length} days.`
      : `${plural(scaled.total, "click")} in the last ${length} days; the busiest day was ${busiest.label} with ${plural(busiest.clicks, "click")}.`;
  return { bars, max: scaled.max, total: scaled.total, summary };
}
