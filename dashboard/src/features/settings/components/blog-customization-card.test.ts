import { describe, expect, it } from "vitest";
import { siteStatusFixture } from "../../../test/factories.ts";
import { customizationChanges, whiteTextNote } from "./blog-customization-card.tsx";
import { lastErrorText, siteStatusText } from "./site-status-line.tsx";

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
    expect(siteStatusText(siteStatusFixture())).toBe(
      "Not published yet: the site is rendered when the first post is published.",
    );
    expect(siteStatusText(siteStatusFixture({ state: "queued" }))).toBe("First render queued.");
    expect(
      siteStatusText(
        siteStatusFixture({
          state: "live",
          liveSince: "2026-11-22T10:05:00Z",
          lastDurationMs: 42,
          lastRenderedAt: "2026-11-22T10:05:00Z",
        }),
      ),
    ).toMatch(/^Live since Nov 22, \d{1,2}:05 (AM|PM) \(last render 42 ms\)\.$/);
  });
});

describe("site status line while renders fail", () => {
  const base = {
    liveSince: "2026-11-22T10:05:00Z",
    lastDurationMs: 42,
    lastError: "The disk of the rendered sites is full (no space left on device)",
    lastRenderedAt: "2026-11-22T10:06:00Z",
    nextAttemptAt: null,
    attempts: 1,
  };
  it("says when the next attempt is, and never that a render is retried when it is not", () => {
    const retrying = { ...base, state: "retrying" as const, nextAttemptAt: "2026-11-22T10:08:00Z" };
    expect(siteStatusText(retrying)).toMatch(
      /^The update failed; trying again at \d{1,2}:08:00 (AM|PM)\. Live since Nov 22, \d{1,2}:05 (AM|PM)\.$/,
    );
    expect(lastErrorText(retrying)).toBe(
      "The last render failed: The disk of the rendered sites is full (no space left on device). The previous site stays live until a render succeeds.",
    );
    // Nothing pending: the next change renders again; nothing claims a retry.
    const settled = { ...base, state: "live" as const };
    expect(lastErrorText(settled)).toBe(
      "The last render failed: The disk of the rendered sites is full (no space left on device). The previous site stays live; the next change renders it again.",
    );
    expect(lastErrorText({ ...settled, lastError: null })).toBeNull();
    expect(
      siteStatusText({ ...retrying, liveSince: null, nextAttemptAt: "2026-11-22T10:08:00Z" }),
    ).toMatch(/^The first render failed; trying again at \d{1,2}:08:00 (AM|PM)\.$/);
    // Failed tries in a row are counted; a next try whose time is not known is 'shortly'.
    expect(siteStatusText({ ...retrying, attempts: 3, nextAttemptAt: null })).toMatch(
      /^The update failed 3 times; trying again shortly\. Live since Nov 22, \d{1,2}:05 (AM|PM)\.$/,
    );
  });
});

describe("white text note", () => {
  it("tells the owner when their colour cannot carry white text, and not otherwise", () => {
    expect(whiteTextNote("#df7020")).toMatch(
      /White text on this colour is hard to read \(contrast 3\.2:1/,
    );
    expect(whiteTextNote("#fe0")).toMatch(/dark text/);
    expect(whiteTextNote("#2563eb")).toBeUndefined();
    expect(whiteTextNote("not a colour")).toBeUndefined();
  });
});
