import { describe, expect, it } from "vitest";
import { clickChart } from "./click-chart-data.ts";

const day = (d: string, clicks = 0, unique = clicks) => ({ day: d, clicks, unique });

/** 30 days ending 2025-03-30, as the API answers them. */
const month = Array.from({ length: 30 }, (_, i) =>
  day(`2025-03-${String(i + 1).padStart(2, "0")}`),
);

describe("clickChart", () => {
  it("draws 30 flat bars and says there were no clicks", () => {
    const chart = clickChart(month);
    expect(chart.bars).toHaveLength(30);
    expect(chart.bars.every((bar) => bar.heightPercent === 0)).toBe(true);
    expect(chart.max).toBe(0);
    expect(chart.total).toBe(0);
    expect(chart.summary).toBe("No clicks in the last 30 days.");
    expect(chart.bars[0]?.label).toBe("Mar 1");
    expect(chart.bars[29]?.label).toBe("Mar 30");
  });

  it("scales to the busiest day and never draws a day with clicks flat", () => {
    const days = month.map((d) =>
      d.day === "2025-03-05" ? day(d.day, 40, 30) : d.day === "2025-03-06" ? day(d.day, 1) : d,
    );
    const chart = clickChart(days);
    expect(chart.max).toBe(40);
    expect(chart.total).toBe(41);
    expect(chart.bars[4]).toEqual({
      day: "2025-03-05",
      label: "Mar 5",
      clicks: 40,
      unique: 30,
      heightPercent: 100,
    });
    expect(chart.bars[5]?.heightPercent).toBe(4);
    expect(chart.summary).toBe(
      "41 clicks in the last 30 days; the busiest day was Mar 5 with 40 clicks.",
    );
  });

  it("orders days oldest first, keeps one bar per day and only the last 30", () => {
    const shuffled = [day("2025-02-27", 9), ...month.slice().reverse(), day("2025-03-10", 1)];
    const chart = clickChart(shuffled);
    expect(chart.bars.map((bar) => bar.day)).toEqual(month.map((d) => d.day));
    expect(chart.bars[9]?.clicks).toBe(1);
    expect(chart.summary).toBe(
      "1 click in the last 30 days; the busiest day was Mar 10 with 1 click.",
    );
  });
});
