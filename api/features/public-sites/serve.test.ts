import { describe, expect, it } from "vitest";
import { createPageCache } from "./page-cache.ts";
import type { PublishedIndex } from "./published-index.ts";
import { keepRenderedPages } from "./serve.ts";

const index = (posts: string[], gone: string[] = []): PublishedIndex => ({
  posts: new Set(posts),
  redirects: new Set(["old-name"]),
  gone: new Set(gone),
  archives: 0,
  categories: new Map(),
  author: "ada",
});

describe("pages a render serves at once (decision 301)", () => {
  it("puts the pages the blog's index lets readers have", () => {
    const cache = createPageCache();
    const keep = keepRenderedPages(cache, { peek: () => index(["fresh"]) });
    keep("b", "post/fresh.html", "<p>fresh</p>");
    keep("b", "index.html", "<p>home</p>");
    expect(cache.get("b", "post/fresh.html")?.body.toString()).toBe("<p>fresh</p>");
    expect(cache.get("b", "post/fresh.html")?.contentType).toBe("text/html; charset=utf-8");
    expect(cache.get("b", "index.html")?.body.toString()).toBe("<p>home</p>");
  });

  it("leaves out a post taken down since the render read the blog, a former slug, and everything while the index is unknown", () => {
    const cache = createPageCache();
    const taken = keepRenderedPages(cache, { peek: () => index([], ["fresh"]) });
    taken("b", "post/fresh.html", "<p>stale</p>");
    taken("b", "post/old-name.html", "<p>stale</p>");
    expect(cache.get("b", "post/fresh.html")).toBeUndefined();
    expect(cache.get("b", "post/old-name.html")).toBeUndefined();
    const unknown = keepRenderedPages(cache, { peek: () => undefined });
    unknown("b", "index.html", "<p>home</p>");
    expect(cache.get("b", "index.html")).toBeUndefined();
  });
});
