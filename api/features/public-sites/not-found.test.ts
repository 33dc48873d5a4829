import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSiteOutput } from "../../../site-builder/pipeline/site-output.ts";
import { loadTheme } from "../../../site-builder/pipeline/theme.ts";
import { buildSite } from "../../../site-builder/theme/lib/site.ts";
import { blogs } from "../../db/schema.ts";
import {
  createBlog,
  createCategory,
  createOwner,
  createPublishedPost,
} from "../../test/factories.ts";
import { startTestApp, type TestApp, type TestClient } from "../../test/harness.ts";
import { rawGet } from "../../test/raw-http.ts";
import type { SiteSnapshot } from "../publishing/snapshot.ts";
import type { BlogRow } from "./hosts.ts";
import { createPageCache } from "./page-cache.ts";
import {
  classifyFile,
  createPublishedIndexes,
  type IndexSource,
  type PublishedIndex,
} from "./published-index.ts";
import { createBlogServer, createHotPath } from "./serve.ts";

type Reply = { status: number; body: string; headers: Record<string, unknown> };
const get = async (base: string, path: string, host?: string): Promise<Reply> => {
  const { status, body, headers } = await rawGet(base, path, host ? { host } : {});
  return { status, body, headers: headers as Record<string, unknown> };
};

const index = (fields: Partial<PublishedIndex> = {}): PublishedIndex => ({
  posts: new Set(["hello"]),
  redirects: new Set(["old-hello"]),
  gone: new Set(["removed"]),
  archives: 2,
  categories: new Map([
    ["garden", 1],
    ["empty", 0],
  ]),
  author: "garden-notes",
  ...fields,
});

describe("which addresses can name published content", () => {
  it("accepts the blog's pages and nothing else", () => {
    const content = [
      "index.html",
      "rss.xml",
      "sitemap.xml",
      "robots.txt",
      "post/hello.html",
      "post/old-hello.html",
      "page/1.html",
      "page/2.html",
      "category/garden.html",
      "category/empty.html",
      "category/garden/rss.xml",
      "category/garden/page/1.html",
      "author/garden-notes.html",
      "author/garden-notes/page/2.html",
    ];
    for (const file of content) expect(classifyFile(index(), file).kind, file).toBe("content");
    const missing = [
      "post/nope.html",
      "page/0.html",
      "page/3.html",
      "page/01.html",
      "page/x.html",
      "category/nope.html",
      "category/nope/rss.xml",
      "category/garden/page/2.html",
      "category/empty/page/1.html",
      "author/someone-else.html",
      "author/garden-notes/page/3.html",
      "wp-login.php.html",
      "a/b/c/d/e.html",
    ];
    for (const file of missing) expect(classifyFile(index(), file).kind, file).toBe("missing");
    expect(classifyFile(index(), "post/removed.html")).toEqual({ kind: "gone", notFound: "post" });
    // A former slug is rendered live (a 301), never from a file that may be stale.
    expect(classifyFile(index(), "post/old-hello.html")).toEqual({ kind: "content", live: true });
  });
});

const source = (): IndexSource => ({ index: index(), posts: new Map() });

describe("the kept indexes", () => {
  it("builds once for concurrent misses, keeps it until a change or its age runs out", async () => {
    let clock = 5000;
    let builds = 0;
    let release: () => void = () => {};
    const indexes = createPublishedIndexes(
      {
        load: async () => {
          builds++;
          await new Promise<void>((resolve) => {
            release = resolve;
          });
          return source();
        },
        patch: () => Promise.reject(new Error("no patch in this test")),
      },
      createPageCache({ ttlMs: 1000, now: () => clock }),
    );
    const burst = Array.from({ length: 5 }, () => indexes.get("b"));
    release();
    await Promise.all(burst);
    expect(builds).toBe(1);
    expect(indexes.peek("b")).toBeDefined();
    indexes.changed("b");
    expect(indexes.peek("b")).toBeUndefined();
    const again = indexes.get("b");
    release();
    await again;
    expect(builds).toBe(2);
    clock = 6001;
    expect(indexes.peek("b")).toBeUndefined();
    // A build that a change overtakes answers its request but is not kept.
    const overtaken = indexes.get("b");
    indexes.changed("b");
    release();
    await overtaken;
    expect(indexes.peek("b")).toBeUndefined();
  });
});

describe("unknown addresses cost no more than a cached page (issue 13 finding 2)", () => {
  let dir: string;
  let server: Server;
  let base: string;
  const calls = { snapshot: 0, shell: 0, fallback: 0 };
  const cache = createPageCache();
  const indexes = createPublishedIndexes(
    {
      load: async () => source(),
      patch: async () => source(),
    },
    cache,
  );
  const blog = { id: "blog-1", slug: "garden", name: "Garden Notes" } as BlogRow;
  const site = buildSite({
    blog: {
      id: blog.id,
      name: "Garden Notes",
      description: null,
      slug: "garden",
      primaryColor: "#df7020",
      fontFamily: "Inter",
      logoUrl: null,
      author: { name: "Garden Notes", slug: "garden-notes", bio: null },
      aiDisclosure: true,
    },
    canonicalBase: "https://garden.blogs.test",
    posts: [],
    categories: [],
  });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "blogfleet-not-found-"));
    const blogServer = createBlogServer({
      output: createSiteOutput(dir),
      cache,
      theme: await loadTheme(),
      loadSnapshot: async () => {
        calls.snapshot++;
        return { site, blog } as SiteSnapshot;
      },
      loadPreview: async () => undefined,
      loadShell: async () => {
        calls.shell++;
        return { site, blog } as SiteSnapshot;
      },
      index: indexes,
    });
    const app = express();
    app.use((req, res) => {
      calls.fallback++;
      hostMap.remember(req.headers.host as string, blog.id);
      void blogServer.serveBlog(req, res, blog, req.path, "/");
    });
    const hostMap = cache.hosts;
    const hotPath = createHotPath(cache, indexes);
    server = createServer((req, res) => {
      if (!hotPath(req, res)) app(req, res);
    }).listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("answers a burst of unknown paths from one rendered not-found page, without the blog's content", async () => {
    const replies = await Promise.all(
      Array.from({ length: 40 }, (_, i) => get(base, `/no-such-page-${i}`, "garden.blogs.test")),
    );
    for (const reply of replies) {
      expect(reply.status).toBe(404);
      expect(reply.body).toContain("There is nothing at this address.");
      // The product's 404 wording, on the blog's own host too.
      expect(reply.body).toContain("<h1>404 Page Not Found</h1>");
      expect(reply.body).toContain("Garden Notes");
      expect(reply.headers["cache-control"]).toBe("no-cache");
    }
    expect(calls.snapshot).toBe(0);
    expect(calls.shell).toBe(1);
  });

  it("answers later misses before the app runs, as it does cached pages", async () => {
    const before = calls.fallback;
    for (let i = 0; i < 20; i++) {
      expect((await get(base, `/random/${i}`, "garden.blogs.test")).status).toBe(404);
    }
    expect(calls.fallback).toBe(before);
  });

  it("answers 410 for a removed post and renders the not-found page again after a change", async () => {
    const removed = await get(base, "/post/removed", "garden.blogs.test");
    expect(removed.status).toBe(410);
    expect(removed.body).toContain("Post Not Found");
    const shells = calls.shell;
    indexes.changed(blog.id);
    expect((await get(base, "/post/unknown", "garden.blogs.test")).status).toBe(404);
    expect((await get(base, "/post/unknown-2", "garden.blogs.test")).status).toBe(404);
    expect(calls.shell).toBe(shells + 1);
    expect(calls.snapshot).toBe(0);
  });
});

describe("not-found pages of a real blog", () => {
  let app: TestApp;
  let slug: string;
  let owner: TestClient;
  let blogId: string;
  beforeAll(async () => {
    app = await startTestApp({ publishing: true, env: { BLOG_DOMAIN: "blogs.test" } });
    owner = await createOwner(app);
    const blog = await createBlog(owner, "Orchard Notes");
    slug = blog.slug;
    blogId = blog.id;
    await app.db.update(blogs).set({ subdomain: slug }).where(eq(blogs.id, blogId));
    const category = await createCategory(owner, blog.id, { name: "Apples" });
    await createPublishedPost(owner, blog.id, { title: "Pruning", categoryId: category.id });
    await app.publishing?.queue.onIdle();
  });
  afterAll(() => app.close());

  it("keeps each kind's wording, on the blog's host and under /blog/{slug}/", async () => {
    const cases: [string, number, string][] = [
      ["/nothing-here", 404, "There is nothing at this address."],
      ["/post/no-such-post", 404, "The post you are looking for does not exist"],
      ["/page/7", 404, "This page of posts does not exist."],
      ["/category/pears", 404, "This category does not exist."],
      ["/category/apples", 200, "Pruning"],
      ["/post/pruning", 200, "Pruning"],
    ];
    for (const [path, status, text] of cases) {
      const onHost = await get(app.baseUrl, path, `${slug}.blogs.test`);
      expect([path, onHost.status]).toEqual([path, status]);
      expect(onHost.body).toContain(text);
      const underApp = await get(app.baseUrl, `/blog/${slug}${path}`);
      expect([path, underApp.status]).toEqual([path, status]);
      expect(underApp.body).toContain(text);
    }
    // The home link of a not-found page leads to the blog's home as the reader reached it.
    expect((await get(app.baseUrl, `/blog/${slug}/nothing`)).body).toContain(
      `href="/blog/${slug}/"`,
    );
  });

  it("serves a newly published post at an address that was unknown a moment before", async () => {
    const host = `${slug}.blogs.test`;
    expect((await get(app.baseUrl, "/post/fresh-one", host)).status).toBe(404);
    expect((await get(app.baseUrl, "/post/fresh-one", host)).status).toBe(404);
    await createPublishedPost(owner, blogId, { title: "Fresh one", slug: "fresh-one" });
    // Before its render has run or not: the address names a published post now.
    const fresh = await get(app.baseUrl, "/post/fresh-one", host);
    expect(fresh.status).toBe(200);
    expect(fresh.body).toContain("Fresh one");
  });
});
