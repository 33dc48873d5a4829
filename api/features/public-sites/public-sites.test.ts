import { readFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { beaconScript, beaconScriptHash } from "../../../site-builder/theme/lib/beacon.ts";
import { blogs, categories, postSlugHistory, posts } from "../../db/schema.ts";
import {
  createBlog,
  createMember,
  createOwner,
  createPost,
  insertOwnerAndBlog,
} from "../../test/factories.ts";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { rawGet } from "../../test/raw-http.ts";

let app: TestApp;
let blogId: string;
let otherBlogId: string;

type Reply = {
  status: number;
  headers: Headers;
  text: () => Promise<string>;
  json: () => Promise<any>;
};

/** GET as a reader's browser would, with any Host header (fetch cannot set Host). */
const read = async (
  path: string,
  host?: string,
  headers: Record<string, string> = {},
): Promise<Reply> => {
  const reply = await rawGet(app.baseUrl, path, {
    ...headers,
    host: host ?? new URL(app.baseUrl).host,
  });
  const h = new Headers();
  for (const [k, v] of Object.entries(reply.headers)) if (typeof v === "string") h.set(k, v);
  return {
    status: reply.status,
    headers: h,
    text: async () => reply.body,
    json: async () => JSON.parse(reply.body),
  };
};

async function publish(slug: string, extra: Partial<typeof posts.$inferInsert> = {}) {
  const [post] = await app.db
    .insert(posts)
    .values({
      blogId,
      title: `Title ${slug}`,
      slug,
      content: `<p>Body of ${slug}</p><script>alert(1)</script><img src=x onerror="alert(2)">`,
      excerpt: `About ${slug}`,
      status: "published",
      publishedAt: new Date("2026-05-01T10:00:00Z"),
      ...extra,
    })
    .returning();
  return post as typeof posts.$inferSelect;
}

beforeAll(async () => {
  app = await startTestApp({ publishing: true, env: { BLOG_DOMAIN: "blogs.test" } });
  const garden = await insertOwnerAndBlog(app.db, {
    name: "Garden Notes",
    slug: "garden",
    subdomain: "garden",
    customDomain: "garden.example.com",
    domainVerified: true,
  });
  const [other] = await app.db
    .insert(blogs)
    .values({
      ownerId: garden.ownerId,
      name: "Unverified",
      slug: "unverified",
      customDomain: "claimed.example.com",
      domainVerified: false,
    })
    .returning();
  blogId = garden.blogId;
  otherBlogId = other?.id as string;
  const [veg] = await app.db
    .insert(categories)
    .values({ blogId, name: "Vegetables", slug: "vegetables" })
    .returning();
  await app.db
    .insert(categories)
    .values({ blogId, name: "Tomatoes", slug: "tomatoes", parentId: veg?.id });
  const first = await publish("first-post", { categoryId: veg?.id });
  await publish("second-post");
  await publish("a-draft", { status: "draft", publishedAt: null });
  await publish("scheduled", {
    status: "draft",
    publishedAt: null,
    scheduledPublishAt: new Date(Date.now() + 86_400_000),
  });
  await app.db.insert(postSlugHistory).values({ blogId, postId: first.id, slug: "old-first" });
});
afterAll(() => app.close());

describe("public blogs before their first render (live fallback)", () => {
  it("serves the home page on the subdomain and the verified custom domain", async () => {
    for (const host of [
      "garden.blogs.test",
      "GARDEN.blogs.test.",
      "garden.blogs.test:8080",
      "garden.example.com",
    ]) {
      const res = await read("/", host);
      expect(res.status, host).toBe(200);
      const html = await res.text();
      expect(html).toContain("Recent Posts");
      expect(html).toContain("Title first-post");
      expect(html).not.toContain("a-draft");
      expect(html).not.toContain("Title scheduled");
      expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
      // One script may run: the counting beacon, by its hash (issue 18, decision 130).
      expect(res.headers.get("content-security-policy")).toContain(
        `script-src ${beaconScriptHash};`,
      );
      expect(res.headers.get("content-security-policy")).not.toMatch(
        /unsafe-inline'[^;]*;?\s*$|script-src[^;]*unsafe/,
      );
    }
  });

  it("uses the custom domain as canonical once verified", async () => {
    const html = await (await read("/post/first-post", "garden.blogs.test")).text();
    expect(html).toContain(
      '<link rel="canonical" href="http://garden.example.com/post/first-post">',
    );
  });

  it("renders the sanitized body, never the owner's scripts", async () => {
    const html = await (await read("/post/first-post", "garden.blogs.test")).text();
    expect(html).toContain("<p>Body of first-post</p>");
    // The only script besides JSON-LD data is the beacon, byte for byte.
    const scripts = [
      ...html.matchAll(/<script(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g),
    ];
    expect(scripts.map((s) => s[1])).toEqual([beaconScript]);
    expect(html).not.toContain("alert(1)");
    expect(html).not.toMatch(/onerror/i);
  });

  it("answers 301 from a former slug and 404 for drafts, scheduled and unknown posts", async () => {
    const moved = await read("/post/old-first", "garden.blogs.test");
    expect(moved.status).toBe(301);
    expect(
      new URL(moved.headers.get("location") as string, "http://garden.blogs.test/post/old-first")
        .pathname,
    ).toBe("/post/first-post");
    for (const slug of ["a-draft", "scheduled", "nope"]) {
      const res = await read(`/post/${slug}`, "garden.blogs.test");
      expect(res.status, slug).toBe(404);
      expect(await res.text()).toContain("Post Not Found");
    }
  });

  it("falls through to the app for unknown and unverified hosts", async () => {
    for (const host of [
      "nobody.blogs.test",
      "claimed.example.com",
      "evil.example",
      "a.b.blogs.test",
    ]) {
      const res = await read("/api/public/blog", host);
      expect(res.status, host).toBe(404);
      expect(await res.json()).toEqual({ code: "blog_not_found", message: "Blog not found" });
    }
    expect(otherBlogId).toBeTruthy();
  });

  it("serves every spelling of a blog's host but remembers only the usual one", async () => {
    // Odd spellings (ports, case, trailing dot) are endless: remembering each would grow memory.
    const map = app.publishing?.hostMap;
    const before = map?.size;
    for (let port = 1; port <= 40; port++) {
      const res = await read("/", `GARDEN.blogs.test.:${port}`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("Title first-post");
    }
    expect(map?.size).toBe(before);
    await read("/", "garden.blogs.test");
    expect(map?.lookup("garden.blogs.test")).toBe(blogId);
    // A "port" longer than five digits is no host at all.
    const longPort = await read("/api/public/blog", `garden.blogs.test:${"9".repeat(6)}`);
    expect(longPort.status).toBe(404);
  });

  it("never leaves the blog's folder, whatever the path", async () => {
    for (const path of [
      "/../../etc/passwd",
      "/%2e%2e/%2e%2e/etc/passwd",
      "/post/..%2F..%2F..%2Fetc%2Fpasswd",
      "/post/%00",
      "/..%5c..%5cetc",
    ]) {
      const res = await read(path, "garden.blogs.test");
      expect(res.status, path).toBe(404);
      expect(await res.text()).not.toContain("root:");
    }
  });

  it("serves the same pages under /blog/{slug}/ on the app's host", async () => {
    const bare = await read("/blog/garden");
    expect(bare.status).toBe(301);
    expect(bare.headers.get("location")).toBe("/blog/garden/");
    const home = await read("/blog/garden/");
    expect(home.status).toBe(200);
    const html = await home.text();
    expect(html).toContain('href="./post/first-post"');
    expect((await read("/blog/garden/post/first-post")).status).toBe(200);
    const missing = await read("/blog/no-such-blog/");
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("Blog not found");
  });
});

describe("after a render", () => {
  it("serves the rendered files with validators and picks up a publish", async () => {
    await app.publishing?.queue.enqueue(blogId, { full: true });
    await app.publishing?.queue.onIdle();
    const file = join(app.dir, "sites", "blogs", blogId, "current", "post", "first-post.html");
    expect(readFileSync(file, "utf8")).toContain("Title first-post");
    const res = await read("/post/first-post", "garden.blogs.test");
    expect(res.status).toBe(200);
    const etag = res.headers.get("etag");
    expect(etag).toBeTruthy();
    expect(res.headers.get("last-modified")).toBeTruthy();
    // Browsers revalidate every time (owners see changes at once); CDNs may keep it a minute.
    expect(res.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    expect(res.headers.get("cdn-cache-control")).toBe("max-age=60, stale-while-revalidate=600");
    const again = await read("/post/first-post", "garden.blogs.test", {
      "if-none-match": etag as string,
    });
    expect(again.status).toBe(304);

    const feed = await read("/rss.xml", "garden.blogs.test");
    expect(feed.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    const sitemap = await (await read("/sitemap.xml", "garden.blogs.test")).text();
    expect(sitemap.match(/<loc>[^<]*\/post\/[^<]*<\/loc>/g)).toEqual([
      "<loc>http://garden.example.com/post/first-post</loc>",
      "<loc>http://garden.example.com/post/second-post</loc>",
    ]);

    const third = await publish("third-post");
    await app.publishing?.queue.enqueue(blogId, { postIds: [third.id] });
    await app.publishing?.queue.onIdle();
    expect(await (await read("/", "garden.blogs.test")).text()).toContain("Title third-post");
    await app.db.update(posts).set({ status: "draft" }).where(eq(posts.id, third.id));
  });
});

describe("public JSON API", () => {
  it("answers published content by slug and by host", async () => {
    const bySlug = await (await read("/api/public/blog/garden")).json();
    expect(bySlug).toMatchObject({
      id: blogId,
      name: "Garden Notes",
      slug: "garden",
      primaryColor: "#df7020",
    });
    expect(await (await read("/api/public/blog", "garden.example.com")).json()).toEqual(bySlug);
    const list = await (await read("/api/public/posts?slug=garden")).json();
    expect(list.map((p: { slug: string }) => p.slug).sort()).toEqual(["first-post", "second-post"]);
    const post = await (await read("/api/public/posts/first-post?blogSlug=garden")).json();
    expect(post.category).toMatchObject({ name: "Vegetables", slug: "vegetables" });
    expect(post.content).not.toMatch(/script|onerror/i);
    const draft = await read("/api/public/posts/a-draft?blogSlug=garden");
    expect(draft.status).toBe(404);
    expect(await draft.json()).toEqual({ code: "post_not_found", message: "Post not found" });
    const cats = await (await read("/api/public/categories?slug=garden")).json();
    expect(cats.map((c: { name: string }) => c.name)).toEqual(["Tomatoes", "Vegetables"]);
    expect((await read("/api/public/posts?slug=missing")).status).toBe(404);
  });
});

describe("owner preview", () => {
  it("shows the owner a draft, noindex and uncached, and nobody else", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner, "Preview Blog");
    const draft = await createPost(owner, blog.id, {
      title: "Secret draft",
      content: "<p>Not yet</p>",
    });
    const path = `/blog/${blog.slug}/preview/${draft.id}`;
    const res = await owner.get(path);
    expect(res.status).toBe(200);
    expect(res.text).toContain("Secret draft");
    expect(res.text).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(res.text).toContain("Preview: only you can see this page.");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("x-robots-tag")).toBe("noindex, nofollow");

    const stranger = await createOwner(app);
    for (const client of [stranger, app.client()]) {
      const refused = await client.get(path);
      expect(refused.status).toBe(404);
      expect(refused.text).not.toContain("Secret draft");
    }
    // The public pages still do not show it.
    expect((await read(`/blog/${blog.slug}/post/${draft.slug}`)).status).toBe(404);
  });

  it("shows a draft to its blog's team as their role lets them read it (decision 367)", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner, "Team Preview Blog");
    const ownersDraft = await createPost(owner, blog.id, { title: "The owner's draft" });
    const editor = await createMember(app, blog.id, "editor");
    const writer = await createMember(app, blog.id, "writer");
    const writersDraft = await createPost(writer, blog.id, { title: "The writer's draft" });
    const preview = (post: { id: string }) => `/blog/${blog.slug}/preview/${post.id}`;

    expect((await editor.get(preview(ownersDraft))).status).toBe(200);
    const own = await writer.get(preview(writersDraft));
    expect(own.status).toBe(200);
    expect(own.text).toContain("The writer&#39;s draft");
    const others = await writer.get(preview(ownersDraft));
    expect(others.status).toBe(404);
    expect(others.text).not.toContain("The owner&#39;s draft");
    // A post named under another blog's address is not previewed there.
    const elsewhere = await createBlog(owner, "Other Preview Blog");
    expect((await owner.get(`/blog/${elsewhere.slug}/preview/${ownersDraft.id}`)).status).toBe(404);
  });
});
