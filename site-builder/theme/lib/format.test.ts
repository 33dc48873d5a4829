import { describe, expect, it } from "vitest";
import { accessibleShade, listDate, postDate, safeColor } from "./format.ts";

const contrast = (a: string, b: string) => {
  const lum = (hex: string) => {
    const [r, g, b2] = [1, 3, 5]
      .map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
      number,
      number,
      number,
    ];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b2;
  };
  const [x, y] = [lum(a), lum(b)].sort((m, n) => n - m) as [number, number];
  return (x + 0.05) / (y + 0.05);
};

describe("format", () => {
  it("writes dates in the spec's formats, in UTC", () => {
    const date = new Date("2026-11-05T23:30:00Z");
    expect(listDate(date)).toBe("Nov 05, 2026");
    expect(postDate(date)).toBe("November 05, 2026");
  });

  it("lets only hex colours through", () => {
    expect(safeColor("#2563eb")).toBe("#2563eb");
    expect(safeColor("#abc")).toBe("#abc");
    expect(safeColor("red; background: url(x)")).toBe("#df7020");
  });

  it("darkens a colour just enough for AA contrast", () => {
    for (const color of ["#df7020", "#059669", "#0891b2", "#ffff00", "#ffffff"]) {
      expect(contrast(accessibleShade(color, "#ffffff"), "#ffffff")).toBeGreaterThanOrEqual(4.5);
      expect(contrast(accessibleShade(color, "#faf6ef"), "#faf6ef")).toBeGreaterThanOrEqual(4.5);
    }
    expect(accessibleShade("#1d4ed8", "#ffffff")).toBe("#1d4ed8");
  });
});
