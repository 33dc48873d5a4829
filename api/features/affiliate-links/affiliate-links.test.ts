import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { maxAffiliateLinksPerBlog } from "../../../contracts/limits.ts";
import { affiliateClicks, affiliateLinks, blogs } from "../../db/schema.ts";
import { createBlog, createMember, createOwner, createPost } from "../../test/factories.ts";
import { startTestApp, type TestApp, type TestClient } from "../../test/harness.ts";
import { rawGet } from "../../test/raw-http.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({
    publishing: true,
    env: { BLOG_DOMAIN: "blogs.test", TRUST_PROXY: "true" },
  });
});
afterAll(() => app.close());

const browser =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36";

type Reply = { status: number; location: string | undefined; body: string };
const visit = async (path: string, host: string, headers: Record<string, string> = {}) => {
  const reply = await rawGet(app.baseUrl, path, { host, "user-agent": browser, ...headers });
  return { status: reply.status, location: reply.headers.location, body: reply.body } as Reply;
};

async function blogWithSubdomain(owner: TestClient, subdomain: string) {
  const blog = await createBlog(owner, `Blog ${subdomain}`);
  await app.db.update(blogs).set({ subdomain }).where(eq(blogs.id, blog.id));
  return blog;
}

async function publish(owner: TestClient, blogId: string, fields: Record<string, unknown>) {
  const post = await createPost(owner, blogId, fields);
  await owner.patch(`/api/posts/${post.id}/status`, { status: "under_review" });
  await owner.patch(`/api/posts/${post.id}/status`, { status: "published" });
  return post;
}

describe("affiliate links API", () => {
  it("creates, lists, updates and deletes links, auto-insert on by default", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner);
    const created = await owner.post("/api/affiliate-links", {
      blogId: blog.id,
      keyword: "  drip kit ",
      url: "https://shop.example.com/drip?ref=me",
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      keyword: "drip kit",
      url: "https://shop.example.com/drip?ref=me",
      autoInsert: true,
      clicks: 0,
    });
    // The list adds each link's health, null until the link health job checked it (decision 379).
    expect((await owner.get(`/api/blogs/${blog.id}/affiliate-links`)).body).toEqual([
      { ...created.body, health: null },
    ]);
    const switched = await owner.patch(`/api/affiliate-links/${created.body.id}`, {
      autoInsert: false,
    });
    expect(switched.body).toMatchObject({ autoInsert: false, keyword: "drip kit" });
    expect((await owner.delete(`/api/affiliate-links/${created.body.id}`)).status).toBe(204);
    expect((await owner.get(`/api/blogs/${blog.id}/affiliate-links`)).body).toEqual([]);
  });

  it("refuses bad URLs and blank keywords, listing every problem", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner);
    const res = await owner.post("/api/affiliate-links", {
      blogId: blog.id,
      keyword: "  ",
      url: "javascript:alert(1)",
    });
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([
      { path: "keyword", message: "Keyword is required" },
      { path: "url", message: "URL must be an absolute http(s) address" },
    ]);
    for (const url of [
      "data:text/html,x",
      "//evil.example/x",
      "ftp://files.example.com/x",
      "https://",
      "shop.example.com",
    ]) {
      expect(
        (await owner.post("/api/affiliate-links", { blogId: blog.id, keyword: "k", url })).status,
        url,
      ).toBe(400);
    }
    expect((await owner.patch("/api/affiliate-links/whatever", {})).status).toBe(400);
    expect((await owner.get(`/api/blogs/${blog.id}/affiliate-links`)).body).toEqual([]);
  });

  it("keeps keywords unique per blog, whatever their case", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner);
    const other = await createBlog(owner);
    await owner.post("/api/affiliate-links", {
      blogId: blog.id,
      keyword: "Compost",
      url: "https://a.example.com",
    });
    const again = await owner.post("/api/affiliate-links", {
      blogId: blog.id,
      keyword: "compost",
      url: "https://b.example.com",
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      "This blog already has an affiliate link for “compost”. Edit that link instead.",
    );
    expect(
      (
        await owner.post("/api/affiliate-links", {
          blogId: other.id,
          keyword: "compost",
          url: "https://b.example.com",
        })
      ).status,
    ).toBe(201);
  });

  it(`caps a blog at ${maxAffiliateLinksPerBlog} links with a message that says what to do`, async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner);
    const other = await createBlog(owner);
    await app.db.insert(affiliateLinks).values(
      Array.from({ length: maxAffiliateLinksPerBlog - 1 }, (_, i) => ({
        blogId: blog.id,
        keyword: `keyword ${i}`,
        url: "https://a.example.com",
      })),
    );
    const last = await owner.post("/api/affiliate-links", {
      blogId: blog.id,
      keyword: "the last one",
      url: "https://a.example.com",
    });
    expect(last.status).toBe(201);
    const over = await owner.post("/api/affiliate-links", {
      blogId: blog.id,
      keyword: "one too many",
      url: "https://a.example.com",
    });
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({
      code: "limit_reached",
      message: `This blog has reached the limit of ${maxAffiliateLinksPerBlog} affiliate links. Delete links you no longer use before adding more.`,
    });
    // Another blog of the same owner has its own allowance; a deleted link frees a place.
    const elsewhere = await owner.post("/api/affiliate-links", {
      blogId: other.id,
      keyword: "one too many",
      url: "https://a.example.com",
    });
    expect(elsewhere.status).toBe(201);
    expect((await owner.delete(`/api/affiliate-links/${last.body.id}`)).status).toBe(204);
    const again = await owner.post("/api/affiliate-links", {
      blogId: blog.id,
      keyword: "one too many",
      url: "https://a.example.com",
    });
    expect(again.status).toBe(201);
  });
});

describe("affiliate links on the public blog", () => {
  it("links the keyword in published posts, discloses it, and counts real clicks only", async () => {
    const owner = await createOwner(app);
    const blog = await blogWithSubdomain(owner, "linked");
    const host = "linked.blogs.test";
    const link = (
      await owner.post("/api/affiliate-links", {
        blogId: blog.id,
        keyword: "drip irrigation",
        url: "https://shop.example.com/drip?ref=blogfleet",
      })
    ).body;
    const post = await publish(owner, blog.id, {
      title: "Watering",
      content:
        "<h2>Drip irrigation</h2><p>Use drip irrigation for beds. Drip irrigation again.</p>",
    });
    await app.publishing?.queue.onIdle();

    const page = await visit(`/post/${post.slug}`, host);
    expect(page.body).toContain(
      `<h2>Drip irrigation</h2><p>Use <a href="../go/${link.id}?p=${post.id}" rel="sponsored nofollow">drip irrigation</a> for beds. Drip irrigation again.</p>`,
    );
    expect(page.body).toContain("This post contains affiliate links.");
    const stored = await owner.get(`/api/posts/${post.id}`);
    expect(stored.body.content).toBe(
      "<h2>Drip irrigation</h2><p>Use drip irrigation for beds. Drip irrigation again.</p>",
    );
    const feed = await visit("/rss.xml", host);
    expect(feed.body).toContain(`href="http://linked.blogs.test/go/${link.id}?p=${post.id}"`);

    const go = `/go/${link.id}?p=${post.id}`;
    const first = await visit(go, host, { "x-forwarded-for": "203.0.113.7" });
    expect(first.status).toBe(302);
    expect(first.location).toBe("https://shop.example.com/drip?ref=blogfleet");
    await visit(go, host, { "x-forwarded-for": "203.0.113.7" });
    await visit(go, host, { "x-forwarded-for": "198.51.100.9" });
    await visit(`/blog/${blog.slug}/go/${link.id}`, "127.0.0.1", {
      "x-forwarded-for": "198.51.100.10",
    });
    // Crawlers, AI bots, link checkers and prefetches get the redirect but are not counted.
    for (const agent of [
      "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      "GPTBot/1.1",
      "ClaudeBot/1.0",
      "curl/8.0",
    ]) {
      expect((await visit(go, host, { "user-agent": agent })).location).toBe(
        "https://shop.example.com/drip?ref=blogfleet",
      );
    }
    await visit(go, host, { "sec-purpose": "prefetch" });

    const links = (await owner.get(`/api/blogs/${blog.id}/affiliate-links`)).body;
    expect(links[0].clicks).toBe(4);
    const stats = (await owner.get(`/api/affiliate-links/${link.id}/clicks`)).body;
    expect(stats.total).toBe(4);
    expect(stats.unique).toBe(3);
    expect(stats.days).toHaveLength(30);
    expect(stats.days.at(-1)).toEqual({
      day: new Date().toISOString().slice(0, 10),
      clicks: 4,
      unique: 3,
    });
    const rows = await app.db
      .select()
      .from(affiliateClicks)
      .where(eq(affiliateClicks.linkId, link.id));
    expect(rows.filter((r) => r.postId === post.id)).toHaveLength(3);
    // No address is stored, only the keyed hash.
    expect(JSON.stringify(rows)).not.toMatch(/203\.0\.113|198\.51\.100/);
  });

  it("answers 404 for another blog's link or an unknown id, never redirecting", async () => {
    const owner = await createOwner(app);
    const mine = await blogWithSubdomain(owner, "mine-go");
    const theirs = await blogWithSubdomain(await createOwner(app), "theirs-go");
    const link = (
      await owner.post("/api/affiliate-links", {
        blogId: mine.id,
        keyword: "k",
        url: "https://shop.example.com",
      })
    ).body;
    for (const [path, host] of [
      [`/go/${link.id}`, "theirs-go.blogs.test"],
      ["/go/doesnotexist00000000", "mine-go.blogs.test"],
      [`/blog/${theirs.slug}/go/${link.id}`, "127.0.0.1"],
    ] as const) {
      const res = await visit(path, host);
      expect(res.status, `${host}${path}`).toBe(404);
      expect(res.location).toBeUndefined();
    }
  });
});

describe("affiliate links on a blog's team (decision 366)", () => {
  it("let an editor manage them and see clicks; writers and contributors list them, no more", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner);
    const url = "https://shop.example.com/kit";
    const made = await owner.post<{ id: string }>("/api/affiliate-links", {
      blogId: blog.id,
      keyword: "drip kit",
      url,
    });
    expect(made.status).toBe(201);
    const link = `/api/affiliate-links/${made.body.id}`;
    const editor = await createMember(app, blog.id, "editor");
    expect((await editor.patch(link, { keyword: "pour over kit" })).status).toBe(200);
    expect((await editor.get(`${link}/clicks`)).status).toBe(200);
    for (const role of ["writer", "contributor"] as const) {
      const member = await createMember(app, blog.id, role);
      const listed = await member.get<{ keyword: string }[]>(
        `/api/blogs/${blog.id}/affiliate-links`,
      );
      expect(listed.body.map((l) => l.keyword)).toEqual(["pour over kit"]);
      const refused = await member.post("/api/affiliate-links", {
        blogId: blog.id,
        keyword: "mine",
        url,
      });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: "role_forbidden" });
      expect((await member.patch(link, { keyword: "mine" })).status).toBe(403);
      expect((await member.delete(link)).status).toBe(403);
      expect((await member.get(`${link}/clicks`)).status).toBe(403);
    }
    const rows = await app.db
      .select({ keyword: affiliateLinks.keyword })
      .from(affiliateLinks)
      .where(eq(affiliateLinks.blogId, blog.id));
    expect(rows).toEqual([{ keyword: "pour over kit" }]);
  });

  it("answer a member of another blog as if the link did not exist", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner);
    const made = await owner.post<{ id: string }>("/api/affiliate-links", {
      blogId: blog.id,
      keyword: "kettle",
      url: "https://shop.example.com/kettle",
    });
    const other = await createBlog(await createOwner(app));
    const outsider = await createMember(app, other.id, "editor");
    expect((await outsider.get(`/api/blogs/${blog.id}/affiliate-links`)).status).toBe(404);
    const edited = await outsider.patch(`/api/affiliate-links/${made.body.id}`, { keyword: "x" });
    expect(edited.status).toBe(404);
    expect(edited.body).toMatchObject({ message: "Affiliate link not found" });
    expect((await outsider.get(`/api/affiliate-links/${made.body.id}/clicks`)).status).toBe(404);
  });
});
