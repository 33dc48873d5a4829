import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { buildSite, type Site, type ThemePost } from "../theme/lib/site.ts";
import { testBlog } from "../theme/lib/test-blog.ts";
import { allPages } from "./page-plan.ts";
import { type LoadedTheme, loadTheme, themeEntry } from "./theme.ts";

type Entry = {
  renderPage: (
    path: string,
    locals: App.Locals,
    headers?: Record<string, string>,
  ) => Promise<{ status: number; body: Uint8Array } | undefined>;
};

let theme: LoadedTheme;
let entry: Entry;
beforeAll(async () => {
  theme = await loadTheme();
  entry = (await import(pathToFileURL(themeEntry).href)) as Entry;
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

describe("renderBytes (a full render's pages, decision 240)", () => {
  it("gives every page of a blog exactly what render gives, status and bytes", async () => {
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

  it("encodes characters of two, three and four UTF-8 bytes as render does (decision 290)", async () => {
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

  it("renders the pages without Astro's request machinery, and leaves the rest to it", async () => {
    // Pages (found or not) and the endpoints' files (decision 291) come from renderPage; if it
    // fell back, full renders would lose its savings without any output changing.
    for (const path of [
      "/",
      "/post/post-1",
      "/category/beans",
      "/page/2",
      "/404",
      "/rss.xml",
      "/sitemap.xml",
      "/robots.txt",
      "/category/beans/rss.xml",
      "/category/nope/rss.xml",
    ]) {
      expect(await entry.renderPage(path, { site }), path).toBeDefined();
    }
    expect((await entry.renderPage("/category/nope/rss.xml", { site }))?.status).toBe(404);
    // Addresses no route matches and encoded paths go through `render`.
    expect(await entry.renderPage("/nope/at/all", { site })).toBeUndefined();
    expect(await entry.renderPage("/post/caf%C3%A9", { site })).toBeUndefined();
  });

  it("renders the not-found page with the caller's home link and a 404", async () => {
    const page = await theme.render(site, "/404", { homeHref: "../../" });
    const bytes = await theme.renderBytes(site, "/404", { homeHref: "../../" });
    expect(bytes.status).toBe(404);
    expect(text(bytes.body)).toBe(page.body);
    expect(page.body).toContain('href="../../"');
    const direct = await entry.renderPage("/404", { site, homeHref: "../../" });
    expect(direct && text(direct.body)).toBe(page.body);
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

describe("the theme's server bundle (decision 242)", () => {
  it("renders every file of a full render without loading Node's fetch classes (decisions 271, 291)", () => {
    // A fresh process: vitest itself has loaded undici long before.
    const script = `
      const { buildSite } = await import(${JSON.stringify(pathToFileURL(join(dirname(themeEntry), "../../theme/lib/site.ts")).href)});
      const { testBlog } = await import(${JSON.stringify(pathToFileURL(join(dirname(themeEntry), "../../theme/lib/test-blog.ts")).href)});
      const entry = await import(${JSON.stringify(pathToFileURL(themeEntry).href)});
      const post = { id: "p1", slug: "post-1", title: "Post", excerpt: "About", html: "<p>Body</p>",
        publishedAt: new Date(0), updatedAt: new Date(0), categoryId: null, keywords: [],
        metaTitle: null, metaDescription: null, aiAssisted: false };
      const site = buildSite({ blog: testBlog(), canonicalBase: "https://x.example",
        categories: [{ id: "c1", name: "Beans", slug: "beans", parentId: null }],
        posts: [{ ...post, categoryId: "c1" }], redirects: new Map() });
      // Every kind of file a full render writes (decision 291: the endpoints and the
      // not-found page too).
      for (const path of ["/", "/post/post-1", "/category/beans", "/rss.xml", "/sitemap.xml",
        "/robots.txt", "/category/beans/rss.xml", "/404"]) {
        const page = await entry.renderPage(path, { site, homeHref: "../" });
        const status = path === "/404" ? 404 : 200;
        if (page?.status !== status) throw new Error(path + " answered " + page?.status);
      }
      console.log(JSON.stringify(process.moduleLoadList.filter((m) => m.includes("undici"))));`;
    const child = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
      encoding: "utf8",
    });
    expect(child.stderr).toBe("");
    expect(JSON.parse(child.stdout)).toEqual([]);
  });

  it("asks Astro's runtime for a Response only of values that say they are one (decision 271)", () => {
    const server = dirname(themeEntry);
    const runtime = readdirSync(server, { recursive: true, encoding: "utf8" })
      .filter((f) => f.endsWith(".mjs"))
      .map((f) => readFileSync(join(server, f), "utf8"))
      .filter((code) => code.includes("function renderToString("));
    expect(runtime).toHaveLength(1);
    const checks = runtime[0]?.match(/\S+ instanceof Response/g) ?? [];
    // What is left is the helper's own check, after its Symbol.toStringTag test.
    expect(checks.length).toBeGreaterThan(0);
    expect(checks.every((c) => c === "value instanceof Response")).toBe(true);
  });

  it("loads no zod: Astro's runtime gets an inert stand-in", () => {
    const server = dirname(themeEntry);
    const files = readdirSync(server, { recursive: true, encoding: "utf8" }).filter((f) =>
      f.endsWith(".mjs"),
    );
    // The check can fail: Astro's runtime is in these files, and it imports zod without the alias.
    expect(files.some((f) => readFileSync(join(server, f), "utf8").includes("csp/config.js"))).toBe(
      true,
    );
    for (const file of files) {
      expect(readFileSync(join(server, file), "utf8"), file).not.toMatch(/from "zod|import\("zod/);
    }
  });

  it("refuses to validate with the stand-in's schemas, so no runtime use passes unnoticed", async () => {
    type Schema = { optional: () => Schema; parse: (v: unknown) => unknown };
    const stub = pathToFileURL(join(dirname(themeEntry), "../../adapter/zod-stub.mjs")).href;
    const z = (await import(stub)) as { object: () => Schema; string: () => Schema };
    expect(() => z.object().optional().parse({})).toThrow(/zod is left out/);
    expect(() => z.string().parse("")).toThrow(/zod is left out/);
  });
});
