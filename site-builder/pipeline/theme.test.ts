import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { buildSite, type Site, type ThemePost } from "../theme/lib/site.ts";
import { testBlog } from "../theme/lib/test-blog.ts";
import { allPages } from "./page-plan.ts";
import { type LoadedTheme, loadTheme, themeEntry } from "./theme.ts";

let theme: LoadedTheme;
let entry: Record<string, unknown>;
beforeAll(async () => {
  theme = await loadTheme();
  entry = (await import(pathToFileURL(themeEntry).href)) as Record<string, unknown>;
});

const post = (i: number, over: Partial<ThemePost> = {}): ThemePost => ({
  id: `p${i}`,
  slug: `post-${i}`,
  title: `Post ${i} & <friends>`,
  excerpt: `About post ${i}`,
  html: `<p>Body of post ${i}, sponsored by nobody.</p>`,
  publishedAt: new Date(Date.UTC(2026, 0, 1) + i * 3600e3),
  updatedAt: new Date(Date.UTC(2026, 0, 1) + i * 3600e3),
  categoryId: i % 2 === 0 ? "c1" : "c2",
  keywords: ["garden"],
  metaTitle: null,
  metaDescription: null,
  aiAssisted: i === 3,
  ...over,
});

const site: Site = buildSite({
  blog: testBlog({ aiDisclosure: true }),
  canonicalBase: "https://garden.blogs.example",
  categories: [
    { id: "c1", name: "Tomatoes", slug: "tomatoes", parentId: null },
    { id: "c2", name: "Beans", slug: "beans", parentId: "c1" },
  ],
  posts: Array.from({ length: 45 }, (_, i) => post(i)),
  redirects: new Map([["old-name", "post-4"]]),
});

const text = (bytes: Uint8Array) => Buffer.from(bytes).toString("utf8");

describe("the theme's one render path (decision 357)", () => {
  it("has one entry, Astro's adapter API, for every caller", () => {
    // Pages on request, previews, publishes and a full render's threads all call `render`.
    expect(Object.keys(entry)).toEqual(["render"]);
  });

  it("has no middleware, which the theme's fetch handler would not run (adapter/fetch.mjs)", () => {
    for (const name of ["middleware.ts", "middleware.js", "middleware.mjs", "middleware"]) {
      expect(existsSync(join("site-builder/theme", name)), name).toBe(false);
    }
  });

  it("answers every kind of file, the endpoints with their content types", async () => {
    const expected: [path: string, status: number, contentType: RegExp][] = [
      ["/", 200, /^text\/html/],
      ["/post/post-1", 200, /^text\/html/],
      ["/category/beans", 200, /^text\/html/],
      ["/page/2", 200, /^text\/html/],
      ["/rss.xml", 200, /xml/],
      ["/sitemap.xml", 200, /xml/],
      ["/robots.txt", 200, /^text\/plain/],
      ["/category/beans/rss.xml", 200, /xml/],
      ["/category/nope/rss.xml", 404, /./],
      ["/404", 404, /^text\/html/],
      ["/nope/at/all", 404, /^text\/html/],
      ["/post/caf%C3%A9", 404, /^text\/html/],
    ];
    for (const [path, status, contentType] of expected) {
      const page = await theme.render(site, path);
      expect(page.status, path).toBe(status);
      expect(page.contentType, path).toMatch(contentType);
      if (status === 200) expect(page.body.length, path).toBeGreaterThan(0);
    }
    expect((await theme.render(site, "/rss.xml")).body).toContain("<title>Post 44 &amp;");
    expect((await theme.render(site, "/robots.txt")).body).toContain("Sitemap:");
  });

  it("gives a full render's threads every page's bytes exactly as render gives its text", async () => {
    const paths = [
      ...allPages(site),
      "/privacy",
      "/post/missing",
      "/author/nobody",
      "/page/99",
      "/nope/at/all",
    ];
    for (const path of paths) {
      const page = await theme.render(site, path);
      const bytes = await theme.renderBytes(site, path);
      expect(bytes.status, path).toBe(page.status);
      expect(text(bytes.body), path).toBe(page.body);
    }
  });

  it("gives the bytes of characters of two, three and four UTF-8 bytes as render gives the text", async () => {
    // Pages of different sizes in turn, so the encoder's kept buffer is reused and outgrown.
    const worldly = buildSite({
      blog: testBlog({ name: "Gärten der Welt", description: "Über Tomaten — 種と芽 🌱" }),
      canonicalBase: "https://gaerten.blogs.example",
      categories: [{ id: "c1", name: "Früchte 🍅", slug: "fruechte", parentId: null }],
      posts: Array.from({ length: 25 }, (_, i) =>
        post(i, {
          categoryId: "c1",
          title: `Grüße ${i} 🌱 種`,
          html: `<p>${"Ernte —収穫 🥕 ".repeat(i * 40)}</p>`,
        }),
      ),
    });
    for (const path of allPages(worldly)) {
      const page = await theme.render(worldly, path);
      const bytes = await theme.renderBytes(worldly, path);
      expect(bytes.status, path).toBe(page.status);
      expect(Buffer.compare(Buffer.from(bytes.body), Buffer.from(page.body, "utf8")), path).toBe(0);
    }
  });

  it("renders the not-found page with the caller's home link and a 404", async () => {
    const page = await theme.render(site, "/404", { homeHref: "../../" });
    const bytes = await theme.renderBytes(site, "/404", { homeHref: "../../" });
    expect(bytes.status).toBe(404);
    expect(text(bytes.body)).toBe(page.body);
    expect(page.body).toContain('href="../../"');
  });

  it("answers a moved post's old address with the redirect's status, not a page", async () => {
    expect((await theme.render(site, "/post/old-name")).status).toBe(301);
    const bytes = await theme.renderBytes(site, "/post/old-name");
    expect(bytes.status).toBe(301);
    expect(bytes.body).toHaveLength(0);
  });

  it("writes the theme's own glyphs as references, so an ASCII blog's pages stay ASCII (decision 270)", async () => {
    // One character past U+00FF anywhere in a page (the breadcrumbs' `›` in the inline CSS,
    // the arrows of the links) makes V8 build the whole page as a two-byte string, and one past
    // U+007F (the footer's `©` and `·`) keeps its UTF-8 encoding off the plain copy.
    const beyond = (limit: number) => (body: string) =>
      [...body].filter((c) => (c.codePointAt(0) ?? 0) > limit);
    for (const path of ["/", "/post/post-1"]) {
      const body = text((await theme.renderBytes(site, path)).body);
      expect(beyond(0x7f)(body), path).toEqual([]);
    }
    // Their titles are `name · blog` (lib/seo.ts: text Astro escapes, not a reference).
    for (const path of ["/category/beans", "/404"]) {
      const body = text((await theme.renderBytes(site, path)).body);
      expect(beyond(0xff)(body), path).toEqual([]);
    }
    const post = (await theme.render(site, "/post/post-1")).body;
    expect(post).toContain('.breadcrumbs li+li:before{content:"\\203a ";');
    expect(post).toContain("&larr; Back to all posts</a>");
    expect(post).toMatch(/&copy; \d{4} [^<]+ &middot; <a href="[^"]*privacy">Privacy<\/a>/);
    const home = (await theme.render(site, "/")).body;
    expect(home).toContain("Older posts &rarr;</a>");
    expect((await theme.render(site, "/page/2")).body).toContain("&larr; Newer posts</a>");
  });

  it("renders a missing blog's pages as render does", async () => {
    for (const path of ["/", "/post/post-1", "/404"]) {
      const page = await theme.render(undefined, path);
      const bytes = await theme.renderBytes(undefined, path);
      expect(bytes.status, path).toBe(page.status);
      expect(text(bytes.body), path).toBe(page.body);
    }
  });
});
