import { describe, expect, it } from "vitest";
import { money, percent, sortFleet, trafficChart } from "./analytics-data.ts";

describe("reader analytics data", () => {
  it("draws views per day and says the busiest", () => {
    const chart = trafficChart(
      [
        { period: "2030-05-09", views: 2, visitors: 1 },
        { period: "2030-05-10", views: 6, visitors: 4 },
      ],
      "7d",
    );
    expect(chart.bars.map((b) => [b.label, b.value, b.visitors, b.heightPercent])).toEqual([
      ["May 9", 2, 1, 33],
      ["May 10", 6, 4, 100],
    ]);
    expect(chart.summary).toBe(
      "8 page views in this range; the busiest day was May 10 with 6 views.",
    );
    expect(trafficChart([{ period: "2030-05", views: 0, visitors: 0 }], "12m").summary).toBe(
      "No page views in this range.",
    );
  });

  it("formats rates and money, and sorts the fleet", () => {
    expect([percent(null), percent(0.125), percent(1 / 3)]).toEqual(["–", "12.5%", "33.3%"]);
    expect(money(12.5, "USD")).toBe("$12.50");
    const rows = [
      {
        blogId: "a",
        name: "Bee",
        views: 3,
        visitors: 1,
        clicks: 0,
        postsPublished: 1,
        revenue: 0,
        rpm: null,
      },
      {
        blogId: "b",
        name: "Ant",
        views: 9,
        visitors: 2,
        clicks: 1,
        postsPublished: 0,
        revenue: 2,
        rpm: 1,
      },
    ];
    expect(sortFleet(rows, "views", "descending").map((r) => r.name)).toEqual(["Ant", "Bee"]);
    expect(sortFleet(rows, "name", "descending").map((r) => r.name)).toEqual(["Bee", "Ant"]);
    expect(sortFleet(rows, "postsPublished", "ascending").map((r) => r.name)).toEqual([
      "Ant",
      "Bee",
    ]);
  });
});
