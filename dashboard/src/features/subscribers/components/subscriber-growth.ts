import type { SubscriberGrowthDay } from "@contracts/newsletters.ts";
import { type ChartBar, plural, scaleBars } from "../../../components/bar-chart-data.ts";

const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "Mar 5" for a UTC day (YYYY-MM-DD), as the growth answer counts days. */
export function dayLabel(day: string): string {
  const [, month, date] = day.split("-").map(Number);
  return `${months[(month ?? 1) - 1]} ${date}`;
}

/** The list at each day's end as bars, and a sentence that says what they show. */
export function growthChart(days: readonly SubscriberGrowthDay[]): {
  bars: ChartBar[];
  max: number;
  summary: string;
} {
  const { bars, max } = scaleBars(
    days.map((d) => ({ key: d.day, label: dayLabel(d.day), value: d.subscribed })),
  );
  const joined = days.reduce((sum, d) => sum + d.joined, 0);
  const left = days.reduce((sum, d) => sum + d.left, 0);
  const now = days.at(-1)?.subscribed ?? 0;
  return {
    bars,
    max,
    summary: `${plural(now, "subscriber")} now; ${joined} joined and ${left} left in the last ${plural(days.length, "day")}.`,
  };
}
