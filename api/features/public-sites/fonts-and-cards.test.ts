import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { preloadedFont } from "../../../site-builder/theme/lib/fonts.ts";
import { blogs, posts } from "../../db/schema.ts";
import { testAppForFile } from "../../test/app-per-file.ts";
import { insertOwnerAndBlog } from "../../test/factories.ts";
import { rawGet } from "../../test/raw-http.ts";

const { app } = testAppForFile({ publishing: true, env: { BLOG_DOMAIN: "blogs.test" } });
let blogId: string;

const read = (path: string, host: string, headers: Record<string, string> = {}) =>
  rawGet(app().baseUrl, path, { ...headers, host });

const attribute = (html: string, pattern: RegExp) => pattern.exec(html)?.[1] as string;

beforeAll(async () => {
  const garden = await insertOwnerAndBlog(app().db, {
    name: "Garden Notes",
    slug: "garden",
    subdomain: "garden",
    fontFamily: "Inter",
    primaryColor: "#2563eb",
  });
  blogId = garden.blogId;
  await app()
    .db.insert(posts)
    .values({
      blogId,
      title: "Tomatoes on a balcony",
      slug: "tomatoes",
      content: "<p>Body</p>",
      excerpt: "About tomatoes",
      status: "published",
      publishedAt: new Date("2026-05-01T10:00:00Z"),
    });
  await app().db.insert(blogs).values({
    ownerId: garden.ownerId,
    name: "Never rendered",
    slug: "fresh",
    subdomain: "fresh",
    fontFamily: "Courier New",
  });
  await app().publishing?.queue.enqueue(blogId, { full: true });
  await app().publishing?.queue.onIdle();
});

describe("social cards and fonts on the blog's host", () => {
  it("serves the post's card as a 1200×630 PNG cached for a year", async () => {
    const html = (await read("/post/tomatoes", "garden.blogs.test")).body;
    const image = attribute(html, /<meta property="og:image" content="([^"]+)"/);
    expect(image).toMatch(/^http:\/\/garden\.blogs\.test(:\d+)?\/og\/[0-9a-f]{16}\.png$/);
    const card = await read(new URL(image).pathname, "garden.blogs.test");
    expect(card.status).toBe(200);
    expect(card.headers["content-type"]).toBe("image/png");
    expect(card.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const meta = await sharp(card.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 1200, 630]);
    const again = await read(new URL(image).pathname, "garden.blogs.test", {
      "if-none-match": card.headers.etag as string,
    });
    expect(again.status).toBe(304);
  });

  it("serves the preloaded font from the blog's host as WOFF2, cached for a year", async () => {
    const html = (await read("/", "garden.blogs.test")).body;
    const href = attribute(html, /<link rel="preload" href="([^"]+)" as="font"/);
    expect(href).toBe(`./${preloadedFont("Inter").file}`);
    const font = await read(`/${href.slice(2)}`, "garden.blogs.test");
    expect(font.status).toBe(200);
    expect(font.headers["content-type"]).toBe("font/woff2");
    expect(font.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(font.bytes.subarray(0, 4).toString("latin1")).toBe("wOF2");
  });

  it("serves a blog's font before its first render (its pages are rendered on request)", async () => {
    const html = (await read("/", "fresh.blogs.test")).body;
    const href = attribute(html, /<link rel="preload" href="([^"]+)" as="font"/);
    expect(href).toMatch(/^\.\/fonts\/cousine-latin-400-normal\.[0-9a-f]{10}\.woff2$/);
    const font = await read(`/${href.slice(2)}`, "fresh.blogs.test");
    expect(font.status).toBe(200);
    expect(font.bytes.subarray(0, 4).toString("latin1")).toBe("wOF2");
  });

  it("answers 404 for a card or font it does not have", async () => {
    for (const path of [
      "/og/0123456789abcdef.png",
      "/og/../index.png",
      "/fonts/inter-latin-400-normal.0000000000.woff2",
      "/fonts/evil.woff2",
    ]) {
      expect((await read(path, "garden.blogs.test")).status, path).toBe(404);
    }
  });
});
