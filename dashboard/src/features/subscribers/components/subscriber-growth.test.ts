import { describe, expect, it } from "vitest";
import { dayLabel, growthChart } from "./subscriber-growth.ts";

describe("growthChart", () => {
  it("draws the list at each day's end and sums who joined and left", () => {
    const chart = growthChart([
      { day: "2026-03-04", subscribed: 2, joined: 0, left: 0 },
      { day: "2026-03-05", subscribed: 5, joined: 4, left: 1 },
      { day: "2026-03-06", subscribed: 4, joined: 0, left: 1 },
    ]);
    expect(chart.max).toBe(5);
    expect(chart.bars.map((b) => [b.label, b.value, b.heightPercent])).toEqual([
      ["Mar 4", 2, 40],
      ["Mar 5", 5, 100],
      ["Mar 6", 4, 80],
    ]);
    expect(chart.summary).toBe("4 subscribers now; 4 joined and 2 left in the last 3 days.");
  });

  it("labels UTC days without a time zone shift", () => {
    expect(dayLabel("2026-01-01")).toBe("Jan 1");
    expect(dayLabel("2026-12-31")).toBe("Dec 31");
  });
});
