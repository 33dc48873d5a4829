import { describe, expect, it } from "vitest";
import { customizationChanges } from "./blog-customization-card.tsx";
import { siteStatusText } from "./site-status-line.tsx";

const blog = {
  primaryColor: "#df7020",
  fontFamily: "IBM Plex Serif",
  logoUrl: "https://cdn.example.com/logo.png",
};

describe("customization changes", () => {
  it("sends only what changed", () => {
    expect(
      customizationChanges(blog, {
        primaryColor: "#DF7020",
        fontFamily: "IBM Plex Serif",
        logoUrl: blog.logoUrl,
      }),
    ).toEqual({});
    expect(
      customizationChanges(blog, {
        primaryColor: " #2563eb ",
        fontFamily: "Inter",
        logoUrl: blog.logoUrl,
      }),
    ).toEqual({
      primaryColor: "#2563eb",
      fontFamily: "Inter",
    });
  });

  it("removes the logo when the field is emptied, and leaves an absent logo absent", () => {
    expect(customizationChanges(blog, { ...blog, logoUrl: "  " })).toEqual({ logoUrl: null });
    expect(customizationChanges({ ...blog, logoUrl: null }, { ...blog, logoUrl: "" })).toEqual({});
  });
});

describe("site status line", () => {
  it("says what readers see and what is under way", () => {
    expect(
      siteStatusText({
        state: "not_published",
        liveSince: null,
        lastDurationMs: null,
        lastError: null,
        lastRenderedAt: null,
      }),
    ).toBe("Not published yet: the site is rendered when the first post is published.");
    expect(
      siteStatusText({
        state: "queued",
        liveSince: null,
        lastDurationMs: null,
        lastError: null,
        lastRenderedAt: null,
      }),
    ).toBe("First render queued.");
    expect(
      siteStatusText({
        state: "live",
        liveSince: "2026-11-22T10:05:00Z",
        lastDurationMs: 42,
        lastError: null,
        lastRenderedAt: "2026-11-22T10:05:00Z",
      }),
    ).toMatch(/^Live since Nov 22, \d{1,2}:05 (AM|PM) \(last render 42 ms\)\.$/);
  });
});
