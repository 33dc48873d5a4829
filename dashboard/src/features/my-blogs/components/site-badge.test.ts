// @vitest-environment happy-dom

import { describe, expect, it } from "vitest";
import { siteStatusFixture } from "../../../test/factories.ts";
import { previewUrl, subdomainUrl } from "./blog-address.ts";
import { siteBadgeOf } from "./site-badge.ts";

const status = siteStatusFixture;

describe("site badge", () => {
  it("says 'Not Published' until a site is live", () => {
    expect(siteBadgeOf(status({}))).toEqual({ label: "Not Published", since: null });
    // The first render is queued: nothing is live yet.
    expect(siteBadgeOf(status({ state: "queued" }))).toEqual({
      label: "Not Published",
      since: null,
    });
  });
  it("says 'Live' with the time the site went live, also while an update renders", () => {
    const liveSince = new Date(2025, 2, 7, 15, 4).toISOString();
    for (const state of ["live", "queued", "rendering", "retrying"] as const) {
      expect(siteBadgeOf(status({ state, liveSince }))).toEqual({
        label: "Live",
        since: "Mar 7, 3:04 PM",
      });
    }
  });
});

describe("blog addresses", () => {
  it("keeps the dev server's port for a localhost subdomain and uses https elsewhere", () => {
    const port = window.location.port ? `:${window.location.port}` : "";
    expect(subdomainUrl("trail", "localhost")).toBe(
      `${window.location.protocol}//trail.localhost${port}/`,
    );
    expect(subdomainUrl("trail", "blogs.example.com")).toBe("https://trail.blogs.example.com/");
  });
  it("previews under this server's /blog/{slug}/", () => {
    expect(previewUrl("trail-running")).toBe(`${window.location.origin}/blog/trail-running/`);
  });
});
