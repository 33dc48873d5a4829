import { describe, expect, it } from "vitest";
import { activeNavUrl, navItemsFor } from "./nav-items.ts";

describe("activeNavUrl", () => {
  it("marks the entry of the current screen", () => {
    expect(activeNavUrl("/")).toBe("/dashboard");
    expect(activeNavUrl("/dashboard")).toBe("/dashboard");
    expect(activeNavUrl("/posts")).toBe("/posts");
    expect(activeNavUrl("/settings/")).toBe("/settings");
    expect(activeNavUrl("/affiliate-recommendations")).toBe("/affiliate-recommendations");
  });
  it("counts the editor as part of All Posts", () => {
    expect(activeNavUrl("/editor")).toBe("/posts");
  });
  it("marks nothing on other pages", () => {
    expect(activeNavUrl("/nope")).toBeUndefined();
    expect(activeNavUrl("/postsx")).toBeUndefined();
  });
});

describe("navItemsFor", () => {
  const titles = (role: Parameters<typeof navItemsFor>[0]) =>
    navItemsFor(role).map((item) => item.title);
  it("shows Activity before Settings to owners and editors only", () => {
    for (const role of ["owner", "editor"] as const) {
      expect(titles(role).slice(-2)).toEqual(["Activity", "Settings"]);
    }
    for (const role of ["writer", "contributor", undefined] as const) {
      expect(titles(role)).not.toContain("Activity");
      expect(titles(role).at(-1)).toBe("Settings");
    }
  });
  it("shows each role the screens its capabilities open, in the sidebar's order", () => {
    expect(titles("owner")).toEqual([
      "Dashboard",
      "My Blogs",
      "Performance",
      "All Posts",
      "Review Queue",
      "Categories",
      "Tags",
      "Media",
      "Affiliate Links",
      "Newsletter",
      "Subscribers",
      "AI Recommendations",
      "Blog Ideas",
      "Link Health",
      "Activity",
      "Settings",
    ]);
    // Subscribers (issue 36) are the owner's alone, as AI recommendations are; an editor sends
    // the newsletter and sees its issues.
    expect(titles("editor")).toEqual(
      titles("owner").filter(
        (title) => !["AI Recommendations", "Subscribers", "Link Health"].includes(title),
      ),
    );
    expect(titles("writer")).toEqual([
      "Dashboard",
      "My Blogs",
      "All Posts",
      "Media",
      "Blog Ideas",
      "Settings",
    ]);
    expect(titles("contributor")).toEqual(titles("writer"));
  });
  it("marks Activity as the current entry on its screen", () => {
    expect(activeNavUrl("/activity")).toBe("/activity");
    expect(activeNavUrl("/newsletter")).toBe("/newsletter");
    expect(activeNavUrl("/link-health")).toBe("/link-health");
  });
});
