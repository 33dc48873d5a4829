import type { AutomationSettings } from "@contracts/automation.ts";
import { limits, postingFrequencyLabels } from "@contracts/limits.ts";
import type { PostSummary } from "@contracts/posts.ts";
import type { AffiliateRecommendation } from "@contracts/recommendations.ts";
import { addWeeks, format, startOfWeek } from "date-fns";
import { type ChartBar, plural, scaleBars } from "../../../components/bar-chart-data.ts";

const dayMs = 24 * 60 * 60 * 1000;

/** Published posts as a share of all posts, a rounded percent; 0 without posts. */
export function publishRate(published: number, total: number): number {
  return total === 0 ? 0 : Math.round((published / total) * 100);
}

/**
 * The metrics and content overview: posts created in the last 7 and 30
 * days (counted back from `now`), published and draft counts, total and publish rate.
 */
export function postMetrics(
  posts: readonly Pick<PostSummary, "status" | "createdAt">[],
  now: Date,
) {
  const since = (days: number) => now.getTime() - days * dayMs;
  const createdSince = (days: number) =>
    posts.filter((post) => Date.parse(post.createdAt) >= since(days)).length;
  const published = posts.filter((post) => post.status === "published").length;
  return {
    thisWeek: createdSince(limits.weekDays),
    thisMonth: createdSince(limits.monthDays),
    published,
    drafts: posts.filter((post) => post.status === "draft").length,
    total: posts.length,
    publishRate: publishRate(published, posts.length),
  };
}

/** AI affiliate recommendations by status. */
export function recommendationCounts(
  recommendations: readonly Pick<AffiliateRecommendation, "status">[],
) {
  const count = (status: AffiliateRecommendation["status"]) =>
    recommendations.filter((r) => r.status === status).length;
  return { pending: count("pending"), approved: count("approved"), rejected: count("rejected") };
}

/** 'Weekly, 3 posts per week': how often automation writes. */
export function automationSchedule(
  settings: Pick<AutomationSettings, "postingFrequency" | "postsPerWeek">,
): string {
  return `${postingFrequencyLabels[settings.postingFrequency]}, ${plural(settings.postsPerWeek, "post")} per week`;
}

export type WeekBar = ChartBar & {
  /** The week's Monday, 'YYYY-MM-DD' in local time. */
  weekStart: string;
};

/**
 * Published posts per calendar week (Monday to Sunday, local time) for the last `weeks`
 * weeks, the current one last and still running. A post counts in the week of its publish
 * date while it is published; unpublished posts and those without a date do not count.
 */
export function publishedPerWeek(
  posts: readonly Pick<PostSummary, "status" | "publishedAt">[],
  now: Date,
  weeks = 12,
) {
  const currentWeek = startOfWeek(now, { weekStartsOn: 1 });
  const starts = Array.from({ length: weeks }, (_, i) => addWeeks(currentWeek, i - (weeks - 1)));
  const counts = new Map(starts.map((start) => [start.getTime(), 0]));
  for (const post of posts) {
    if (post.status !== "published" || !post.publishedAt) continue;
    const week = startOfWeek(new Date(post.publishedAt), { weekStartsOn: 1 }).getTime();
    const count = counts.get(week);
    if (count !== undefined) counts.set(week, count + 1);
  }
  const scaled = scaleBars(
    starts.map((start) => ({
      key: format(start, "yyyy-MM-dd"),
      label: format(start, "MMM d"),
      value: counts.get(start.getTime()) ?? 0,
    })),
  );
  const bars: WeekBar[] = scaled.bars.map((bar) => ({ ...bar, weekStart: bar.key }));
  const busiest = bars.find((bar) => bar.value === scaled.max);
  const summary =
    scaled.total === 0 || !busiest
      ? `No posts published in the last ${weeks} weeks.`
      : `${plural(scaled.total, "post")} published in the last ${weeks} weeks; the busiest week began ${busiest.label} with ${plural(busiest.value, "post")}.`;
  return { bars, max: scaled.max, total: scaled.total, summary };
}
