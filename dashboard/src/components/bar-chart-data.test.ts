import { describe, expect, it } from "vitest";
import { plural, scaleBars } from "./bar-chart-data.ts";

const item = (key: string, value: number) => ({ key, label: key, value });

describe("scaleBars", () => {
  it("draws every bar flat when nothing was counted", () => {
    expect(scaleBars([item("a", 0), item("b", 0)])).toEqual({
      bars: [
        { key: "a", label: "a", value: 0, heightPercent: 0 },
        { key: "b", label: "b", value: 0, heightPercent: 0 },
      ],
      max: 0,
      total: 0,
    });
    expect(scaleBars([])).toEqual({ bars: [], max: 0, total: 0 });
  });

  it("scales to the tallest bar and never draws a counted bar flat", () => {
    const { bars, max, total } = scaleBars([item("a", 200), item("b", 1), item("c", 50)]);
    expect(max).toBe(200);
    expect(total).toBe(251);
    expect(bars.map((bar) => bar.heightPercent)).toEqual([100, 4, 25]);
  });
});

describe("plural", () => {
  it("adds an s except for one", () => {
    expect(plural(0, "post")).toBe("0 posts");
    expect(plural(1, "post")).toBe("1 post");
    expect(plural(2, "click")).toBe("2 clicks");
  });
});
