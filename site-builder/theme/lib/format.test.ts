import { describe, expect, it } from "vitest";
import { accessibleShade, feedDate, listDate, postDate, safeColor } from "./format.ts";

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

describe("dates in the blog's time zone", () => {
  // 20:00 on Nov 23 in Los Angeles (UTC-8) is 04:00 on Nov 24 in UTC.
  const evening = new Date("2026-11-24T04:00:00.000Z");

  it("dates a post published at 20:00 in Los Angeles that day", () => {
    expect(listDate(evening, "America/Los_Angeles")).toBe("Nov 23, 2026");
    expect(postDate(evening, "America/Los_Angeles")).toBe("November 23, 2026");
    expect(listDate(evening)).toBe("Nov 24, 2026");
  });

  it("writes feed dates with the zone's offset", () => {
    expect(feedDate(evening, "America/Los_Angeles")).toBe("Mon, 23 Nov 2026 20:00:00 -0800");
    expect(feedDate(evening, "Asia/Kolkata")).toBe("Tue, 24 Nov 2026 09:30:00 +0530");
    expect(feedDate(evening)).toBe("Tue, 24 Nov 2026 04:00:00 +0000");
    expect(feedDate(evening, "Not/AZone")).toBe("Tue, 24 Nov 2026 04:00:00 +0000");
  });
});
