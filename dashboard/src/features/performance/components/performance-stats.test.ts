import { describe, expect, it } from "vitest";
import {
  automationSchedule,
  postMetrics,
  publishedPerWeek,
  publishRate,
  recommendationCounts,
} from "./performance-stats.ts";

const hour = 60 * 60 * 1000;
const day = 24 * hour;
/** Wednesday 12 March 2025, 10:00 local time; its week began Monday 10 March. */
const now = new Date(2025, 2, 12, 10, 0);
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe("publishRate", () => {
  it("is published over total as a rounded percent, 0 without posts", () => {
    expect(publishRate(0, 0)).toBe(0);
    expect(publishRate(0, 4)).toBe(0);
    expect(publishRate(1, 3)).toBe(33);
    expect(publishRate(2, 3)).toBe(67);
    expect(publishRate(1, 8)).toBe(13);
    expect(publishRate(5, 5)).toBe(100);
  });
});

describe("postMetrics", () => {
  it("counts posts created in the last 7 and 30 days, published, drafts and the rate", () => {
    const posts = [
      { status: "draft" as const, createdAt: ago(hour) },
      { status: "published" as const, createdAt: ago(7 * day) }, // exactly a week: this week
      { status: "published" as const, createdAt: ago(7 * day + 1) }, // this month only
      { status: "under_review" as const, createdAt: ago(30 * day) }, // exactly 30 days
      { status: "draft" as const, createdAt: ago(30 * day + 1000) }, // older
      { status: "published" as const, createdAt: ago(400 * day) },
    ];
    expect(postMetrics(posts, now)).toEqual({
      thisWeek: 2,
      thisMonth: 4,
      published: 3,
      drafts: 2,
      total: 6,
      publishRate: 50,
    });
  });

  it("is all zeros for a blog without posts", () => {
    expect(postMetrics([], now)).toEqual({
      thisWeek: 0,
      thisMonth: 0,
      published: 0,
      drafts: 0,
      total: 0,
      publishRate: 0,
    });
  });
});

describe("recommendationCounts", () => {
  it("counts pending, approved and rejected recommendations", () => {
    const statuses = ["pending", "approved", "pending", "rejected", "pending"] as const;
    expect(recommendationCounts(statuses.map((status) => ({ status })))).toEqual({
      pending: 3,
      approved: 1,
      rejected: 1,
    });
    expect(recommendationCounts([])).toEqual({ pending: 0, approved: 0, rejected: 0 });
  });
});

describe("automationSchedule", () => {
  it("names the frequency and the posts per week", () => {
    expect(automationSchedule({ postingFrequency: "weekly", postsPerWeek: 3 })).toBe(
      "Weekly, 3 posts per week",
    );
    expect(automationSchedule({ postingFrequency: "biweekly", postsPerWeek: 1 })).toBe(
      "Biweekly, 1 post per week",
    );
  });
});

describe("publishedPerWeek", () => {
  const published = (date: Date) => ({
    status: "published" as const,
    publishedAt: date.toISOString(),
  });

  it("has 12 Monday weeks ending with the current one, all flat without posts", () => {
    const chart = publishedPerWeek([], now);
    expect(chart.bars).toHaveLength(12);
    expect(chart.bars[0]).toEqual({
      key: "2024-12-23",
      weekStart: "2024-12-23",
      label: "Dec 23",
      value: 0,
      heightPercent: 0,
    });
    expect(chart.bars.at(-1)?.label).toBe("Mar 10");
    expect(chart.total).toBe(0);
    expect(chart.summary).toBe("No posts published in the last 12 weeks.");
  });

  it("counts each published post in the week of its publish date", () => {
    const chart = publishedPerWeek(
      [
        published(new Date(2025, 2, 10, 0, 0)), // Monday of this week
        published(new Date(2025, 2, 12, 9, 0)),
        published(new Date(2025, 2, 9, 23, 30)), // Sunday: last week
        published(new Date(2024, 11, 23, 0, 5)), // first day of the first week
        published(new Date(2024, 11, 22, 23, 59)), // the day before: too old
        published(new Date(2025, 2, 17, 9, 0)), // next week: not yet
        { status: "draft" as const, publishedAt: new Date(2025, 2, 11).toISOString() },
        { status: "published" as const, publishedAt: null },
      ],
      now,
    );
    expect(chart.bars.map((bar) => bar.value)).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2]);
    expect(chart.bars.map((bar) => bar.heightPercent)).toEqual([
      50, 0, 0, 0, 0, 0, 0, 0, 0, 0, 50, 100,
    ]);
    expect(chart.max).toBe(2);
    expect(chart.total).toBe(4);
    expect(chart.summary).toBe(
      "4 posts published in the last 12 weeks; the busiest week began Mar 10 with 2 posts.",
    );
  });

  it("takes any number of weeks", () => {
    const chart = publishedPerWeek([published(new Date(2025, 2, 3, 12))], now, 2);
    expect(chart.bars.map((bar) => [bar.label, bar.value])).toEqual([
      ["Mar 3", 1],
      ["Mar 10", 0],
    ]);
    expect(chart.summary).toBe(
      "1 post published in the last 2 weeks; the busiest week began Mar 3 with 1 post.",
    );
  });
});
