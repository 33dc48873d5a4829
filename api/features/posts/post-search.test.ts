import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { posts } from "../../db/schema.ts";
import { onPostgres } from "../../test/dialect.ts";
import { createOwnerWithBlog, createPost, createPublishedPost } from "../../test/factories.ts";
import { startTestApp, type TestApp } from "../../test/harness.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

type Page = {
  posts: { id: string; title: string; status: string; excerpt: string }[];
  nextCursor: string | null;
  counts: Record<string, number>;
};
const titlesOf = (page: Page) => page.posts.map((p) => p.title);

describe("All Posts pages (GET /api/blogs/{id}/posts?limit=…)", () => {
  it("pages newest first with a cursor until the last page, with the blog's counts", async () => {
    const { owner, blogId } = await createOwnerWithBlog(app);
    for (let i = 1; i <= 5; i++) await createPost(owner, blogId, { title: `Post ${i}` });
    await createPublishedPost(owner, blogId, { title: "Live one" });

    const first = (await owner.get(`/api/blogs/${blogId}/posts?limit=4`)).body as Page;
    expect(titlesOf(first)).toEqual(["Live one", "Post 5", "Post 4", "Post 3"]);
    expect(first.counts).toEqual({ all: 6, draft: 5, under_review: 0, published: 1 });
    expect(first.nextCursor).toEqual(expect.any(String));

    const second = (
      await owner.get(`/api/blogs/${blogId}/posts?limit=4&cursor=${first.nextCursor}`)
    ).body as Page;
    expect(titlesOf(second)).toEqual(["Post 2", "Post 1"]);
    expect(second.nextCursor).toBeNull();
    // Each card is the same as in the plain list.
    const plain = (await owner.get(`/api/blogs/${blogId}/posts`)).body;
    expect([...first.posts, ...second.posts]).toEqual(plain);
  });

  it("pages through posts created in the same millisecond without losing or repeating one", async () => {
    const { owner, blogId } = await createOwnerWithBlog(app);
    const created = [];
    for (let i = 0; i < 5; i++)
      created.push(await createPost(owner, blogId, { title: `Twin ${i}` }));
    const same = new Date("2030-01-01T00:00:00.000Z");
    await app.db.update(posts).set({ createdAt: same }).where(eq(posts.blogId, blogId));
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${cursor}` : "";
      const page = (await owner.get(`/api/blogs/${blogId}/posts?limit=2${query}`)).body as Page;
      seen.push(...page.posts.map((p) => p.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(5);
    expect(new Set(seen)).toEqual(new Set(created.map((p) => p.id)));
    // The same order as the plain list (created time, then id, newest first).
    const plain = (await owner.get(`/api/blogs/${blogId}/posts`)).body as { id: string }[];
    expect(seen).toEqual(plain.map((p) => p.id));
  });

  it("searches titles and content as substrings in any case and script, and filters by status", async () => {
    const { owner, blogId } = await createOwnerWithBlog(app);
    await createPost(owner, blogId, {
      title: "Packing list",
      content: "<p>Bring GRANITE boots</p>",
    });
    await createPost(owner, blogId, { title: "Granite peaks", content: "<p>Rock</p>" });
    await createPublishedPost(owner, blogId, {
      title: "東京ガイド",
      content: "<p>浅草と上野を歩く</p>",
    });
    await createPost(owner, blogId, { title: "Nothing here", content: "<p>Meadow</p>" });

    const search = async (query: string) =>
      titlesOf((await owner.get(`/api/blogs/${blogId}/posts?limit=10&${query}`)).body);
    expect(await search("q=granite")).toEqual(["Granite peaks", "Packing list"]);
    expect(await search("q=ranit")).toEqual(["Granite peaks", "Packing list"]);
    expect(await search(`q=${encodeURIComponent("上野")}`)).toEqual(["東京ガイド"]);
    expect(await search(`q=${encodeURIComponent("浅草と")}`)).toEqual(["東京ガイド"]);
    expect(await search("q=ro")).toEqual(["Granite peaks"]);
    expect(await search("q=granite&status=published")).toEqual([]);
    expect(await search("status=published")).toEqual(["東京ガイド"]);
    expect(await search(`q=${encodeURIComponent("granite BOOTS")}`)).toEqual(["Packing list"]);
    // Quotes and wildcards are text, not syntax.
    expect(await search(`q=${encodeURIComponent('"boots')}`)).toEqual([]);
    expect(await search(`q=${encodeURIComponent("%")}`)).toEqual([]);
    expect(await search(`q=${encodeURIComponent("_")}`)).toEqual([]);
    // The plain list takes the same filters.
    const plain = (await owner.get(`/api/blogs/${blogId}/posts?q=granite&status=draft`)).body;
    expect(plain.map((p: { title: string }) => p.title)).toEqual(["Granite peaks", "Packing list"]);
    // Counts stay the blog's, whatever the filter.
    const page = (await owner.get(`/api/blogs/${blogId}/posts?limit=1&q=zzzz`)).body as Page;
    expect(page.posts).toEqual([]);
    expect(page.counts).toEqual({ all: 4, draft: 3, under_review: 0, published: 1 });
  });

  it("ignores accents and the case of any script, on both databases", async () => {
    const { owner, blogId } = await createOwnerWithBlog(app);
    await createPost(owner, blogId, { title: "Été à Québec", content: "<p>ΣΟΦΙΑ garden</p>" });
    await createPost(owner, blogId, { title: "Winter", content: "<p>Nothing</p>" });
    const search = async (q: string) =>
      titlesOf(
        (await owner.get(`/api/blogs/${blogId}/posts?limit=10&q=${encodeURIComponent(q)}`)).body,
      );
    expect(await search("quebec")).toEqual(["Été à Québec"]);
    expect(await search("ÉTÉ À")).toEqual(["Été à Québec"]);
    expect(await search("σοφια")).toEqual(["Été à Québec"]);
  });

  it("keeps the index in step with edits and deletes", async () => {
    const { owner, blogId } = await createOwnerWithBlog(app);
    const post = await createPost(owner, blogId, { title: "Old words", content: "<p>alpha</p>" });
    const find = async (q: string) =>
      titlesOf((await owner.get(`/api/blogs/${blogId}/posts?limit=5&q=${q}`)).body);
    expect(await find("alpha")).toEqual(["Old words"]);
    await owner.patch(`/api/posts/${post.id}`, { title: "New words", content: "<p>omega</p>" });
    expect(await find("alpha")).toEqual([]);
    expect(await find("omega")).toEqual(["New words"]);
    expect(await find("old")).toEqual([]);
    // A write outside the service is indexed too (imports, scripts).
    await app.db.update(posts).set({ content: "<p>zeta</p>" }).where(eq(posts.id, post.id));
    expect(await find("zeta")).toEqual(["New words"]);
    await owner.delete(`/api/posts/${post.id}`);
    expect(await find("zeta")).toEqual([]);
    // SQLite's FTS5 table is kept by triggers; PostgreSQL's expression indexes have no
    // separate table that could go stale.
    if (!onPostgres) {
      const [check] = await app.db.all<{ ok: number }>(
        sql`select count(*) as ok from posts_fts where posts_fts match '"zeta"'`,
      );
      expect(check?.ok).toBe(0);
    }
  });

  it("refuses bad parameters with 400 listing each, and another owner's blog with 404", async () => {
    const { owner, blogId } = await createOwnerWithBlog(app);
    const bad = await owner.get(
      `/api/blogs/${blogId}/posts?limit=0&status=live&cursor=${encodeURIComponent("not a cursor!")}&q=${"x".repeat(201)}`,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.issues.map((i: { path: string }) => i.path).sort()).toEqual(
      ["cursor", "limit", "q", "status"].sort(),
    );
    const forged = await owner.get(`/api/blogs/${blogId}/posts?limit=5&cursor=abc`);
    expect(forged.status).toBe(400);
    expect(forged.body.issues).toEqual([
      { path: "cursor", message: "cursor must be the nextCursor of the previous page" },
    ]);
    const other = await createOwnerWithBlog(app);
    const res = await owner.get(`/api/blogs/${other.blogId}/posts?limit=5&q=post`);
    expect(res.status).toBe(404);
  });
});
