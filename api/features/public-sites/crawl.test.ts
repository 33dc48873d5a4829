import { eq } from "drizzle-orm";
import Parser from "rss-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogs } from "../../db/schema.ts";
import { createBlog, createCategory, createOwner, createPost } from "../../test/factories.ts";
import { startTestApp, type TestApp, type TestClient } from "../../test/harness.ts";
import { rawGet } from "../../test/raw-http.ts";

/**
 * A blog rendered through the real API and pipeline, then read as a crawler reads it: follow
 * every link from the home page, read the sitemap and the feed.
 */
let app: TestApp;
let owner: TestClient;
let host: string;
const published: { slug: string; title: string }[] = [];

type Reply = { status: number; body: string; type: string; location: string | undefined };
const get = async (path: string, hostHeader = host): Promise<Reply> => {
  const reply = await rawGet(app.baseUrl, path, { host: hostHeader });
  return {
    status: reply.status,
    body: reply.body,
    type: String(reply.headers["content-type"]),
    location: reply.headers.location,
  };
};

async function publish(blogId: string, fields: Record<string, unknown>) {
  const post = await createPost(owner, blogId, fields);
  await owner.patch(`/api/posts/${post.id}/status`, { status: "under_review" });
  await owner.patch(`/api/posts/${post.id}/status`, { status: "published" });
  return post;
}

beforeAll(async () => {
  app = await startTestApp({ publishing: true, env: { BLOG_DOMAIN: "blogs.test" } });
  owner = await createOwner(app);
  const blog = await createBlog(owner, "Crawled Garden", "Notes from the allotment");
  await app.db.update(blogs).set({ subdomain: "crawled" }).where(eq(blogs.id, blog.id));
  host = "crawled.blogs.test";
  const veg = await createCategory(owner, blog.id, { name: "Vegetables", slug: "vegetables" });
  const tomatoes = await createCategory(owner, blog.id, {
    name: "Tomatoes",
    slug: "tomatoes",
    parentId: veg.id,
  });
  for (let i = 0; i < 24; i++) {
    const post = await publish(blog.id, {
      title: `Grow guide ${i}`,
      content: `<h2>Part ${i}</h2><p>Text ${i} &amp; more</p>`,
      categoryId: i % 2 === 0 ? tomatoes.id : veg.id,
      keywords: ["soil", `k${i}`],
    });
    published.push({ slug: post.slug, title: post.title });
  }
  await createPost(owner, blog.id, { title: "Unfinished draft" });
  const scheduled = await createPost(owner, blog.id, { title: "Tomorrow's post" });
  await owner.patch(`/api/posts/${scheduled.id}/schedule`, {
    scheduledPublishAt: new Date(Date.now() + 86_400_000).toISOString(),
  });
  await app.publishing?.queue.enqueue(blog.id, { full: true });
  await app.publishing?.queue.onIdle();
});
afterAll(() => app.close());

const linksOf = (html: string) =>
  [...html.matchAll(/<a [^>]*href="([^"]+)"/g)]
    .map((m) => m[1] as string)
    .filter((h) => !/^(https?:|mailto:|#)/.test(h));

describe("a rendered blog, read as a crawler", () => {
  it("links only to pages that exist, and reaches every published post", async () => {
    const seen = new Set<string>();
    const queue = ["/"];
    const posts = new Set<string>();
    while (queue.length > 0) {
      const path = queue.shift() as string;
      if (seen.has(path)) continue;
      seen.add(path);
      const page = await get(path);
      expect(page.status, path).toBe(200);
      if (path.startsWith("/post/")) posts.add(path.slice("/post/".length));
      if (!page.type.startsWith("text/html")) continue;
      for (const href of linksOf(page.body)) {
        const target = new URL(href, `http://${host}${path}`).pathname;
        if (!seen.has(target)) queue.push(target);
      }
    }
    expect([...posts].sort()).toEqual(published.map((p) => p.slug).sort());
    expect(seen.size).toBeGreaterThan(published.length + 3);
  });

  it("lists exactly the published posts in the sitemap", async () => {
    const sitemap = await get("/sitemap.xml");
    expect(sitemap.type).toBe("application/xml; charset=utf-8");
    const locs = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] as string);
    const postLocs = locs
      .filter((l) => l.includes("/post/"))
      .map((l) => new URL(l).pathname.slice(6));
    expect(postLocs.sort()).toEqual(published.map((p) => p.slug).sort());
    expect(locs).toContain("http://crawled.blogs.test/");
    expect(locs).toContain("http://crawled.blogs.test/category/tomatoes");
  });

  it("has an RSS feed a feed reader parses, newest first, without drafts", async () => {
    const feed = await new Parser().parseString((await get("/rss.xml")).body);
    expect(feed.title).toBe("Crawled Garden");
    expect(feed.items).toHaveLength(20);
    expect(feed.items[0]?.title).toBe("Grow guide 23");
    expect(feed.items.map((i) => i.title)).not.toContain("Unfinished draft");
    expect(feed.items.map((i) => i.title)).not.toContain("Tomorrow's post");
    expect(feed.items[0]?.link).toMatch(/^http:\/\/crawled\.blogs\.test\/post\//);
    const category = await new Parser().parseString((await get("/category/tomatoes/rss.xml")).body);
    expect(category.items.every((i) => Number(i.title?.split(" ").at(-1)) % 2 === 0)).toBe(true);
  });

  it("never serves drafts or scheduled posts", async () => {
    const home = (await get("/")).body;
    expect(home).not.toContain("Unfinished draft");
    expect(home).not.toContain("Tomorrow");
    expect((await get("/post/unfinished-draft")).status).toBe(404);
  });

  it("puts the owner's name in BlogPosting and the category trail in BreadcrumbList", async () => {
    const page = (await get(`/post/${published[0]?.slug}`)).body;
    const blocks = [...page.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1] as string),
    );
    expect(blocks[0]).toMatchObject({ "@type": "BlogPosting", headline: "Grow guide 0" });
    expect(blocks[1].itemListElement.map((i: { name: string }) => i.name)).toEqual([
      "Crawled Garden",
      "Vegetables",
      "Tomatoes",
      "Grow guide 0",
    ]);
  });
});
