import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { limits } from "../../../contracts/limits.ts";
import type { Post } from "../../../contracts/posts.ts";
import type { Tag } from "../../../contracts/tags.ts";
import { posts, postTags, tags } from "../../db/schema.ts";
import { testAppForFile } from "../../test/app-per-file.ts";
import { createBlog, createMember, createPost, createPublishedPost } from "../../test/factories.ts";
import type { TestClient } from "../../test/harness.ts";
import { blogFromImport, importFile, sharedFixture } from "../../test/import-fixtures.ts";

const { app, newOwner, ownerWithBlog } = testAppForFile({ publishing: true });

const list = async (owner: TestClient, blogId: string): Promise<Tag[]> =>
  (await owner.get<Tag[]>(`/api/blogs/${blogId}/tags`)).body;

const rowsOf = (blogId: string) => app().db.select().from(tags).where(eq(tags.blogId, blogId));

describe("tags of posts", () => {
  it("creates missing tags from the names a post is saved with, in order, once each", async () => {
    const { owner, blogId } = await ownerWithBlog();
    const post = await createPost(owner, blogId, {
      tags: [" Sourdough ", "Rye", "sourdough", "Café Crème"],
    });
    expect(post.tags).toEqual(["Sourdough", "Rye", "Café Crème"]);
    expect((await list(owner, blogId)).map((t) => [t.name, t.slug, t.postCount])).toEqual([
      ["Café Crème", "cafe-creme", 1],
      ["Rye", "rye", 1],
      ["Sourdough", "sourdough", 1],
    ]);

    // A second post reuses the blog's tags by name (any case) or slug; new names make new tags.
    const second = await createPost(owner, blogId, { tags: ["RYE", "cafe creme", "Spelt"] });
    expect(second.tags).toEqual(["Rye", "Café Crème", "Spelt"]);
    expect(await rowsOf(blogId)).toHaveLength(4);

    // An update replaces the list and its order; the version moves on.
    const updated = await owner.patch<Post>(`/api/posts/${post.id}`, {
      tags: ["Spelt", "Sourdough"],
    });
    expect(updated.status).toBe(200);
    expect(updated.body.tags).toEqual(["Spelt", "Sourdough"]);
    expect(updated.body.version).toBe(post.version + 1);
    expect((await owner.get<Post>(`/api/posts/${post.id}`)).body.tags).toEqual([
      "Spelt",
      "Sourdough",
    ]);
    // The same list again changes nothing.
    const again = await owner.patch<Post>(`/api/posts/${post.id}`, {
      tags: ["spelt", "Sourdough"],
    });
    expect(again.body.version).toBe(updated.body.version);
    // Tags left out of a save stay as they are.
    const titled = await owner.patch<Post>(`/api/posts/${post.id}`, { title: "Renamed" });
    expect(titled.body.tags).toEqual(["Spelt", "Sourdough"]);
  });

  it("refuses bad tag lists with every problem listed, and changes nothing", async () => {
    const { owner, blogId } = await ownerWithBlog();
    const post = await createPost(owner, blogId, { tags: ["Kept"] });
    const bad = await owner.patch(`/api/posts/${post.id}`, {
      tags: ["", "x".repeat(limits.tagName + 1), "!!!", 7],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toEqual([
      { path: "tags.0", message: "Name is required" },
      { path: "tags.1", message: `A tag name may be at most ${limits.tagName} characters` },
      { path: "tags.2", message: "A tag name must contain letters or numbers" },
      { path: "tags.3", message: "Expected text" },
    ]);
    const many = await owner.patch(`/api/posts/${post.id}`, {
      tags: Array.from({ length: limits.tagsPerPost + 1 }, (_, i) => `Tag ${i}`),
    });
    expect(many.status).toBe(400);
    expect(many.body.issues).toEqual([
      { path: "tags", message: `A post may have at most ${limits.tagsPerPost} tags` },
    ]);
    expect((await owner.get<Post>(`/api/posts/${post.id}`)).body.tags).toEqual(["Kept"]);
    expect((await rowsOf(blogId)).map((t) => t.name)).toEqual(["Kept"]);
    // Exactly the limit is fine.
    const twenty = Array.from({ length: limits.tagsPerPost }, (_, i) => `Tag ${i}`);
    const full = await owner.patch<Post>(`/api/posts/${post.id}`, { tags: twenty });
    expect(full.body.tags).toEqual(twenty);
  });
});

describe("the tags API", () => {
  it("creates, lists with counts, renames and deletes tags", async () => {
    const { owner, blogId } = await ownerWithBlog();
    const created = await owner.post<Tag>("/api/tags", { blogId, name: "  Wild Yeast " });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      blogId,
      name: "Wild Yeast",
      slug: "wild-yeast",
      postCount: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const taken = await owner.post("/api/tags", { blogId, name: "Wild yeast!" });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe("slug_taken");

    const post = await createPost(owner, blogId, { tags: ["wild yeast"] });
    expect(post.tags).toEqual(["Wild Yeast"]);
    expect((await list(owner, blogId)).map((t) => t.postCount)).toEqual([1]);

    // A rename keeps the slug (the tag's address stays).
    const renamed = await owner.patch<Tag>(`/api/tags/${created.body.id}`, { name: "Levain" });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: "Levain", slug: "wild-yeast", postCount: 1 });
    expect((await owner.get<Post>(`/api/posts/${post.id}`)).body.tags).toEqual(["Levain"]);
    const slugged = await owner.patch<Tag>(`/api/tags/${created.body.id}`, { slug: "Levain" });
    expect(slugged.body.slug).toBe("levain");

    const badRename = await owner.patch(`/api/tags/${created.body.id}`, {
      name: "y".repeat(limits.tagName + 1),
      slug: "---",
    });
    expect(badRename.status).toBe(400);
    expect(badRename.body.issues).toEqual([
      { path: "name", message: `A tag name may be at most ${limits.tagName} characters` },
      { path: "slug", message: "Slug must contain letters or numbers" },
    ]);
    const badCreate = await owner.post("/api/tags", { name: " " });
    expect(badCreate.status).toBe(400);
    expect(badCreate.body.issues).toEqual([
      { path: "blogId", message: "Required" },
      { path: "name", message: "Name is required" },
    ]);

    const deleted = await owner.delete(`/api/tags/${created.body.id}`);
    expect(deleted.status).toBe(204);
    expect(await list(owner, blogId)).toEqual([]);
    const after = (await owner.get<Post>(`/api/posts/${post.id}`)).body;
    expect(after.tags).toEqual([]);
    expect(after.version).toBe(post.version + 1);
  });

  it("answers 404 for another owner's blog and tags, and changes nothing", async () => {
    const a = await ownerWithBlog();
    const b = await newOwner();
    const bBlog = await createBlog(b);
    const post = await createPost(a.owner, a.blogId, { tags: ["Private"] });
    const [tag] = await list(a.owner, a.blogId);
    expect(tag?.name).toBe("Private");
    const id = tag?.id as string;
    expect((await b.get(`/api/blogs/${a.blogId}/tags`)).status).toBe(404);
    expect((await b.post("/api/tags", { blogId: a.blogId, name: "Mine" })).status).toBe(404);
    expect((await b.patch(`/api/tags/${id}`, { name: "Taken over" })).status).toBe(404);
    expect((await b.delete(`/api/tags/${id}`)).status).toBe(404);
    expect((await b.patch(`/api/posts/${post.id}`, { tags: ["Mine"] })).status).toBe(404);
    // B's tags are B's own, even of the same name.
    const own = await createPost(b, bBlog.id, { tags: ["Private"] });
    expect(own.tags).toEqual(["Private"]);
    expect(await list(a.owner, a.blogId)).toEqual([{ ...tag, postCount: 1 }]);
    expect((await a.owner.get<Post>(`/api/posts/${post.id}`)).body.tags).toEqual(["Private"]);
  });
});

describe("tags on the public blog", () => {
  const page = async (slug: string, path: string) => {
    await app().publishing?.queue.onIdle();
    const res = await fetch(`${app().baseUrl}/blog/${slug}${path}`);
    return { status: res.status, body: await res.text() };
  };

  it("renders tag chips, tag pages with archives, tag feeds and sitemap entries; keywords stay off the page", async () => {
    const owner = await newOwner();
    const blog = await createBlog(owner, "Crumb");
    const post = await createPublishedPost(owner, blog.id, {
      title: "Oven spring",
      tags: ["Baking <Science>", "Rye"],
      keywords: ["secret focus keyword"],
    });
    await createPublishedPost(owner, blog.id, { title: "Only rye", tags: ["Rye"] });
    await createPost(owner, blog.id, { title: "Draft rye", tags: ["Rye", "Unpublished"] });

    const postPage = await page(blog.slug, `/post/${post.slug}`);
    expect(postPage.status).toBe(200);
    // Escaped names, linking to the tag pages; the focus keywords are not shown.
    expect(postPage.body).toContain(
      '<a class="badge" rel="tag" href="../tag/baking-science">Baking &lt;Science&gt;</a>',
    );
    expect(postPage.body).toContain('href="../tag/rye">Rye</a>');
    expect(postPage.body).not.toContain(">secret focus keyword<");

    const tagPage = await page(blog.slug, "/tag/rye");
    expect(tagPage.status).toBe(200);
    expect(tagPage.body).toMatch(/<h1[^>]*>Rye<\/h1>/);
    expect(tagPage.body).toContain("Oven spring");
    expect(tagPage.body).toContain("Only rye");
    expect(tagPage.body).not.toContain("Draft rye");
    expect((await page(blog.slug, "/tag/baking-science")).body).not.toContain("Only rye");
    // A tag with no published post has no page.
    expect((await page(blog.slug, "/tag/unpublished")).status).toBe(404);
    expect((await page(blog.slug, "/tag/never")).status).toBe(404);

    const feed = await page(blog.slug, "/tag/rye/rss.xml");
    expect(feed.status).toBe(200);
    expect(feed.body).toContain("<title>Crumb: Rye</title>");
    expect(feed.body).toContain("<title>Oven spring</title>");
    expect((await page(blog.slug, "/tag/unpublished/rss.xml")).status).toBe(404);
    const sitemap = await page(blog.slug, "/sitemap.xml");
    expect(sitemap.body).toContain("/tag/rye</loc>");
    expect(sitemap.body).toContain("/tag/baking-science</loc>");
    expect(sitemap.body).not.toContain("/tag/unpublished</loc>");

    // Incremental render: a post's tags change, the tag pages follow.
    const retagged = await owner.patch(`/api/posts/${post.id}`, { tags: ["Crust"] });
    expect(retagged.status).toBe(200);
    expect((await page(blog.slug, "/tag/crust")).body).toContain("Oven spring");
    expect((await page(blog.slug, "/tag/crust/rss.xml")).status).toBe(200);
    expect((await page(blog.slug, "/tag/rye")).body).not.toContain("Oven spring");
    expect((await page(blog.slug, "/tag/baking-science")).status).toBe(404);
    expect((await page(blog.slug, "/tag/baking-science/rss.xml")).status).toBe(404);
    expect((await page(blog.slug, `/post/${post.slug}`)).body).toContain(
      'href="../tag/crust">Crust</a>',
    );

    // Unpublishing takes the post off its tag's page; the tag without posts has none.
    await owner.patch(`/api/posts/${post.id}/status`, { status: "draft" });
    expect((await page(blog.slug, "/tag/crust")).status).toBe(404);

    // A rename reaches every page showing the tag (a full render).
    const [rye] = (await list(owner, blog.id)).filter((t) => t.slug === "rye");
    await owner.patch(`/api/tags/${rye?.id}`, { name: "Dark Rye" });
    const renamed = await page(blog.slug, "/tag/rye");
    expect(renamed.body).toMatch(/<h1[^>]*>Dark Rye<\/h1>/);
  });

  it("lists a tag's posts page by page, like a category", async () => {
    const owner = await newOwner();
    const blog = await createBlog(owner, "Paged Tags");
    const now = Date.now();
    const rows = await app()
      .db.insert(posts)
      .values(
        Array.from({ length: 25 }, (_, i) => ({
          blogId: blog.id,
          title: `Tagged ${i}`,
          slug: `tagged-${i}`,
          content: "<p>Body</p>",
          status: "published" as const,
          publishedAt: new Date(now - i * 60_000),
        })),
      )
      .returning({ id: posts.id });
    const [tag] = await app()
      .db.insert(tags)
      .values({ blogId: blog.id, name: "Many", slug: "many" })
      .returning();
    await app()
      .db.insert(postTags)
      .values(rows.map((row) => ({ postId: row.id, tagId: tag?.id as string })));
    await app().publishing?.contentEvents.blogChanged(blog.id, { full: true });
    const first = await page(blog.slug, "/tag/many");
    expect(first.body).toContain("Tagged 0");
    expect(first.body).not.toContain("Tagged 24<");
    const archive = await page(blog.slug, "/tag/many/page/1");
    expect(archive.status).toBe(200);
    expect(archive.body).toContain("Tagged 24");
    expect((await page(blog.slug, "/tag/many/page/2")).status).toBe(404);
  });
});

describe("imports bring tags", () => {
  const postTagsOf = async (owner: TestClient, blogId: string, slug: string) => {
    const [row] = await app().db.select().from(posts).where(eq(posts.slug, slug));
    expect(row?.blogId).toBe(blogId);
    return (await owner.get<Post>(`/api/posts/${row?.id}`)).body;
  };

  it("makes WordPress's post tags the posts' tags", async () => {
    const owner = await newOwner();
    const blog = await blogFromImport(
      app(),
      owner,
      "WP Tags",
      "wordpress/64-block-test-data.xml",
      "blocks.xml",
    );
    const names = (await list(owner, blog.id)).map((t) => [t.name, t.slug]);
    expect(names).toEqual(
      expect.arrayContaining([
        ["Block spacing", "block-spacing"],
        ["Border", "border"],
        ["Shadow", "shadow"],
      ]),
    );
    const tagged = (await list(owner, blog.id)).find((t) => t.slug === "border");
    expect(tagged?.postCount).toBeGreaterThan(10);
    const [anyTagged] = await app()
      .db.select({ slug: posts.slug })
      .from(posts)
      .innerJoin(postTags, eq(postTags.postId, posts.id))
      .where(eq(posts.blogId, blog.id))
      .limit(1);
    const post = await postTagsOf(owner, blog.id, anyTagged?.slug as string);
    expect(post.tags.length).toBeGreaterThan(0);
    expect(post.keywords).toEqual([]);
  }, 90_000);

  it("makes Ghost's public tags the posts' tags (the primary one is also the category)", async () => {
    const owner = await newOwner();
    const blog = await createBlog(owner, "Ghost Tags");
    const job = await importFile(
      app(),
      owner,
      blog.id,
      sharedFixture("ghost/v4_export.json"),
      "ghost.json",
    );
    expect(job.status).toBe("succeeded");
    expect((await list(owner, blog.id)).map((t) => [t.name, t.slug, t.postCount])).toEqual([
      ["Getting Started", "getting-started", 7],
    ]);
    const integrations = await postTagsOf(owner, blog.id, "integrations");
    expect(integrations.tags).toEqual(["Getting Started"]);
    expect(integrations.keywords).toEqual([]);
  });

  it("carries tags through a Blogfleet export and import", async () => {
    const owner = await newOwner();
    const blog = await createBlog(owner, "Round Trip");
    await createPost(owner, blog.id, { title: "Tagged trip", tags: ["Travel", "Trains"] });
    const exported = await fetch(`${app().baseUrl}/api/blogs/${blog.id}/export`, {
      headers: { cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
    });
    expect(exported.status).toBe(200);
    const target = await createBlog(owner, "Round Trip Copy");
    const job = await importFile(
      app(),
      owner,
      target.id,
      new Uint8Array(await exported.arrayBuffer()),
      "export.zip",
    );
    expect(job.status).toBe("succeeded");
    const copies = await app().db.select().from(posts).where(eq(posts.blogId, target.id));
    const copy = (await owner.get<Post>(`/api/posts/${copies[0]?.id}`)).body;
    expect(copy.tags).toEqual(["Travel", "Trains"]);
  });
});

describe("tags on a blog's team (decision 366)", () => {
  it("let an editor manage them; writers and contributors see them, no more", async () => {
    const { owner, blogId } = await ownerWithBlog();
    const made = await owner.post<Tag>("/api/tags", { blogId, name: "Rye" });
    expect(made.status).toBe(201);
    const editor = await createMember(app(), blogId, "editor");
    expect((await editor.post("/api/tags", { blogId, name: "Spelt" })).status).toBe(201);
    expect((await editor.patch(`/api/tags/${made.body.id}`, { name: "Dark rye" })).status).toBe(
      200,
    );
    for (const role of ["writer", "contributor"] as const) {
      const member = await createMember(app(), blogId, role);
      expect((await list(member, blogId)).map((t) => t.name)).toEqual(["Dark rye", "Spelt"]);
      const refused = await member.post("/api/tags", { blogId, name: "Mine" });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: "role_forbidden" });
      expect((await member.patch(`/api/tags/${made.body.id}`, { name: "Mine" })).status).toBe(403);
      expect((await member.delete(`/api/tags/${made.body.id}`)).status).toBe(403);
    }
    expect((await list(owner, blogId)).map((t) => t.name)).toEqual(["Dark rye", "Spelt"]);
  });

  it("answer a member of another blog as if the blog and its tags did not exist", async () => {
    const { owner, blogId } = await ownerWithBlog();
    const tag = (await owner.post<Tag>("/api/tags", { blogId, name: "Rye" })).body;
    const { blogId: otherBlog } = await ownerWithBlog();
    const outsider = await createMember(app(), otherBlog, "editor");
    expect((await outsider.get(`/api/blogs/${blogId}/tags`)).status).toBe(404);
    const renamed = await outsider.patch(`/api/tags/${tag.id}`, { name: "Mine" });
    expect(renamed.status).toBe(404);
    expect(renamed.body).toMatchObject({ message: "Tag not found" });
    expect((await outsider.delete(`/api/tags/${tag.id}`)).status).toBe(404);
  });
});
