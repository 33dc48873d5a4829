import { describe, expect, it } from "vitest";
import { isFirstDay, welcomeLine } from "./welcome.ts";

const now = Date.parse("2026-03-10T12:00:00Z");
const blog = (createdAt: string) => ({ createdAt });

describe("the Dashboard's welcome", () => {
  it("is a first day while the owner's oldest blog is less than a day old", () => {
    expect(isFirstDay([blog("2026-03-10T11:00:00Z")], now)).toBe(true);
    expect(isFirstDay([blog("2026-03-09T12:00:01Z"), blog("2026-03-10T11:00:00Z")], now)).toBe(
      true,
    );
    // One older blog: the owner has been here before.
    expect(isFirstDay([blog("2026-03-09T11:00:00Z"), blog("2026-03-10T11:00:00Z")], now)).toBe(
      false,
    );
    expect(isFirstDay([], now)).toBe(false);
  });

  it("welcomes a new owner to Blogfleet and a returning one back, naming the blog", () => {
    expect(welcomeLine({ blogName: "Fresh Trails", firstDay: true, hasPosts: false })).toBe(
      "Welcome to Blogfleet. Fresh Trails is ready for its first post.",
    );
    expect(welcomeLine({ blogName: "Fresh Trails", firstDay: true, hasPosts: true })).toBe(
      "Welcome to Blogfleet. Here is how Fresh Trails is doing.",
    );
    expect(welcomeLine({ blogName: "Fresh Trails", firstDay: false, hasPosts: true })).toBe(
      "Welcome back. Here is how Fresh Trails is doing.",
    );
  });
});
