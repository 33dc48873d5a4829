import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Blog, FleetRow } from "../../../contracts/blogs.ts";
import { analyticsDaily, categories, posts } from "../../db/schema.ts";
import { createBlog, createOwner, createPost, createPublishedPost } from "../../test/factories.ts";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { rawGet } from "../../test/raw-http.ts";
import { createRemovedAddresses } from "./delete-blog.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ publishing: true, env: { BLOG_DOMAIN: "blogs.test" } });
});
afterAll(() => app.close());

const read = (path: string, host: string) => rawGet(app.baseUrl, path, { host });

describe("renaming a blog (PATCH /api/blogs/{id})", () => {
  it("changes name, description and time zone, and the public pages follow", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner, "Old Name", "Old words");
    const res = await owner.patch(`/api/blogs/${blog.id}`, {
      name: "  New Name ",
      description: "New words",
      timeZone: "America/Los_Angeles",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: "New Name",
      description: "New words",
      timeZone: "America/Los_Angeles",
      slug: blog.slug,
    });
    expect((await owner.patch(`/api/blogs/${blog.id}`, { description: "" })).body.description).toBe(
      null,
    );
    await app.publishing?.queue.onIdle();
    const home = await app.client().get(`/blog/${blog.slug}/`);
    expect(home.text).toContain("New Name");
  });

  it("refuses bad input listing every problem, and changes nothing", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner, "Kept");
    const res = await owner.patch(`/api/blogs/${blog.id}`, {
      name: "x".repeat(101),
      description: "y".repeat(501),
      timeZone: "Mars/Olympus",
    });
    expect(res.status).toBe(400);
    expect(res.body.issues.map((i: { path: string }) => i.path).sort()).toEqual([
      "description",
      "name",
      "timeZone",
    ]);
    expect((await owner.patch(`/api/blogs/${blog.id}`, {})).status).toBe(400);
    expect((await owner.get(`/api/blogs/${blog.id}`)).body.name).toBe("Kept");
  });

  it("answers 404 for another owner's blog", async () => {
    const owner = await createOwner(app);
    const other = await createOwner(app);
    const blog = await createBlog(owner, "Mine");
    expect((await other.patch(`/api/blogs/${blog.id}`, { name: "Taken" })).status).toBe(404);
    expect((await other.delete(`/api/blogs/${blog.id}`)).status).toBe(404);
    expect((await other.post(`/api/blogs/${blog.id}/clone`, { name: "Copy" })).status).toBe(404);
    expect((await owner.get(`/api/blogs/${blog.id}`)).body.name).toBe("Mine");
  });

  it("dates a post published at 20:00 in Los Angeles that day", async () => {
    const owner = await createOwner(app);
    const created = await owner.post<Blog>("/api/blogs", {
      name: "Pacific Notes",
      timeZone: "America/Los_Angeles",
    });
    expect(created.body.timeZone).toBe("America/Los_Angeles");
    const post = await createPublishedPost(owner, created.body.id, { title: "Evening post" });
    await app.db
      .update(posts)
      .set({ publishedAt: new Date("2026-11-24T04:00:00.000Z") })
      .where(eq(posts.id, post.id));
    await owner.patch(`/api/blogs/${created.body.id}`, { description: "Full render" });
    await app.publishing?.queue.onIdle();
    const page = await app.client().get(`/blog/${created.body.slug}/post/${post.slug}`);
    expect(page.text).toContain("November 23, 2026");
    const feed = await app.client().get(`/blog/${created.body.slug}/rss.xml`);
    expect(feed.text).toContain("Mon, 23 Nov 2026 20:00:00 -0800");
  });
});

describe("deleting a blog (DELETE /api/blogs/{id})", () => {
  it("removes its content, answers 410 on its hosts and releases its addresses", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner, "Doomed");
    const keep = await createBlog(owner, "Survivor");
    expect(
      (await owner.patch(`/api/blogs/${blog.id}/domain`, { subdomain: "doomed" })).status,
    ).toBe(200);
    await owner.post("/api/categories", { blogId: blog.id, name: "Gear", slug: "gear" });
    await owner.post("/api/affiliate-links", {
      blogId: blog.id,
      keyword: "boots",
      url: "https://shop.example.com/boots",
    });
    const post = await createPublishedPost(owner, blog.id, { title: "Last words" });
    await app.publishing?.queue.onIdle();
    expect((await read(`/post/${post.slug}`, "doomed.blogs.test")).status).toBe(200);
    expect((await app.client().get("/api/tls/allowed?domain=doomed.blogs.test")).status).toBe(200);

    expect((await owner.delete(`/api/blogs/${blog.id}`)).status).toBe(204);

    expect((await owner.get(`/api/blogs/${blog.id}`)).status).toBe(404);
    expect((await owner.get("/api/blogs")).body.map((b: Blog) => b.id)).toEqual([keep.id]);
    expect(await app.db.select().from(posts).where(eq(posts.blogId, blog.id))).toEqual([]);
    expect(await app.db.select().from(categories).where(eq(categories.blogId, blog.id))).toEqual(
      [],
    );
    const gone = await read(`/post/${post.slug}`, "doomed.blogs.test");
    expect(gone.status).toBe(410);
    expect(gone.body).toContain("This blog has been deleted");
    expect((await read("/", "doomed.blogs.test")).status).toBe(410);
    expect((await app.client().get(`/blog/${blog.slug}/`)).status).toBe(410);
    expect((await app.client().get("/api/tls/allowed?domain=doomed.blogs.test")).status).toBe(404);
    expect(await app.publishing?.output.currentDir(blog.id)).toBeUndefined();

    // After the grace period the address is unknown, not gone.
    const later = createRemovedAddresses(app.db, 0, () => new Date(Date.now() + 31 * 86_400_000));
    expect(await later.has("doomed.blogs.test")).toBe(false);
    const now = createRemovedAddresses(app.db, 0);
    expect(await now.has("doomed.blogs.test")).toBe(true);

    // The subdomain is free again: a new blog that takes it is served there.
    expect(
      (await owner.patch(`/api/blogs/${keep.id}/domain`, { subdomain: "doomed" })).status,
    ).toBe(200);
    const home = await read("/", "doomed.blogs.test");
    expect(home.status).toBe(200);
    expect(home.body).toContain("Survivor");
  });
});

describe("cloning a blog (POST /api/blogs/{id}/clone)", () => {
  it("copies look, time zone, categories and automation; posts as drafts when asked", async () => {
    const owner = await createOwner(app);
    const source = await createBlog(owner, "Template");
    await owner.patch(`/api/blogs/${source.id}`, { timeZone: "Europe/Paris" });
    await owner.patch(`/api/blogs/${source.id}/customization`, {
      primaryColor: "#2563eb",
      fontFamily: "Inter",
    });
    const parent = await owner.post("/api/categories", {
      blogId: source.id,
      name: "Gear",
      slug: "gear",
    });
    await owner.post("/api/categories", {
      blogId: source.id,
      name: "Boots",
      slug: "boots",
      parentId: parent.body.id,
    });
    await owner.post(`/api/blogs/${source.id}/automation`, {
      enabled: true,
      niche: "hiking",
      topics: ["boots"],
      postingFrequency: "daily",
      postsPerWeek: 5,
      autoPublish: false,
    });
    await createPublishedPost(owner, source.id, { title: "Published one" });
    await createPost(owner, source.id, { title: "Draft one" });

    const bare = await owner.post<Blog>(`/api/blogs/${source.id}/clone`, { name: "New Niche" });
    expect(bare.status).toBe(201);
    expect(bare.body).toMatchObject({
      name: "New Niche",
      primaryColor: "#2563eb",
      fontFamily: "Inter",
      timeZone: "Europe/Paris",
      subdomain: null,
    });
    const tree = await owner.get(`/api/blogs/${bare.body.id}/categories`);
    const byName = new Map(tree.body.map((c: { name: string }) => [c.name, c]));
    expect([...byName.keys()].sort()).toEqual(["Boots", "Gear"]);
    expect((byName.get("Boots") as { parentId: string }).parentId).toBe(
      (byName.get("Gear") as { id: string }).id,
    );
    const automation = await owner.get(`/api/blogs/${bare.body.id}/automation`);
    expect(automation.body).toMatchObject({
      enabled: false,
      niche: "hiking",
      topics: ["boots"],
      postingFrequency: "daily",
      postsPerWeek: 5,
      autoPublish: false,
    });
    expect((await owner.get(`/api/blogs/${bare.body.id}/posts`)).body).toEqual([]);

    const full = await owner.post<Blog>(`/api/blogs/${source.id}/clone`, {
      name: "With Posts",
      includePosts: true,
    });
    const copied = await owner.get(`/api/blogs/${full.body.id}/posts`);
    expect(copied.body.map((p: { title: string }) => p.title).sort()).toEqual([
      "Draft one",
      "Published one",
    ]);
    expect(copied.body.every((p: { status: string }) => p.status === "draft")).toBe(true);
    expect((await owner.post(`/api/blogs/${source.id}/clone`, { name: "" })).status).toBe(400);
  });
});

describe("fleet overview (GET /api/blogs/overview)", () => {
  it("shows each blog's site state, address and posts this week", async () => {
    const owner = await createOwner(app);
    const quiet = await createBlog(owner, "Quiet");
    const busy = await createBlog(owner, "Busy");
    await owner.patch(`/api/blogs/${busy.id}/domain`, { subdomain: "busy-fleet" });
    await createPublishedPost(owner, busy.id);
    await createPublishedPost(owner, busy.id);
    await app.publishing?.queue.onIdle();
    // Reader analytics' daily rollups: this week's totals count, older days and other
    // dimensions do not.
    const day = (daysAgo: number) =>
      new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    await app.db.insert(analyticsDaily).values([
      { blogId: busy.id, day: day(0), dimension: "total", value: "", views: 5, visitors: 3 },
      { blogId: busy.id, day: day(3), dimension: "total", value: "", views: 7, visitors: 2 },
      { blogId: busy.id, day: day(10), dimension: "total", value: "", views: 100, visitors: 9 },
      { blogId: busy.id, day: day(0), dimension: "post", value: "x", views: 40, visitors: 1 },
    ]);
    const res = await owner.get<FleetRow[]>("/api/blogs/overview");
    expect(res.status).toBe(200);
    const rows = new Map(res.body.map((r) => [r.blogId, r]));
    expect(rows.get(quiet.id)).toMatchObject({
      siteState: "not_published",
      domain: null,
      tls: "none",
      postsThisWeek: 0,
      viewsThisWeek: 0,
    });
    expect(rows.get(busy.id)).toMatchObject({
      siteState: "live",
      domain: "busy-fleet.blogs.test",
      postsThisWeek: 2,
      viewsThisWeek: 12,
      publishedPosts: 2,
      failedRenders: 0,
    });
    const stranger = await createOwner(app);
    expect((await stranger.get("/api/blogs/overview")).body).toEqual([]);
  });
});
