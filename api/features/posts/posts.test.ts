import { eq, type SQL, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { postSlugHistory, posts, users } from "../../db/schema.ts";
import { testAppForFile } from "../../test/app-per-file.ts";
import { recordContentEvents } from "../../test/content-events.ts";
import { itSqliteOnly } from "../../test/dialect.ts";
import {
  createBlog,
  createCategory,
  createOwner,
  createPost,
  createPublishedPost,
} from "../../test/factories.ts";
import { startTestApp } from "../../test/harness.ts";
import { fullPostsQuery, postSummariesStatement } from "./commands/list-posts.ts";

const { events: recorder, changesOf } = recordContentEvents();

const { app, newOwner, ownerWithBlog } = testAppForFile({ contentEvents: recorder });

const inAnHour = () => new Date(Date.now() + 60 * 60 * 1000).toISOString();

describe("creating posts", () => {
  it("creates a draft by the signed-in owner (authorId as spec section 7 sends it), ignoring status", async () => {
    const { owner, blogId } = await ownerWithBlog();
    const me = (await owner.get("/api/auth/user")).body;
    const res = await owner.post("/api/posts", {
      blogId,
      authorId: me.id,
      status: "published",
      publishedAt: "2020-01-01T00:00:00.000Z",
      source: "ai",
      title: "  Hello, World!  ",
      content: "<p>Hello <script>alert(1)</script>there &amp; everywhere</p>",
      metaTitle: "  Meta title ",
      metaDescription: "",
      keywords: [" hiking ", "", "Hiking", "trails"],
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[0-9a-z]{20}$/),
      blogId,
      authorId: me.id,
      author: { name: me.email.split("@")[0], avatarUrl: null },
      title: "Hello, World!",
      content: "<p>Hello <script>alert(1)</script>there &amp; everywhere</p>",
      excerpt: "Hello there & everywhere",
      status: "draft",
      slug: "hello-world",
      categoryId: null,
      metaTitle: "Meta title",
      metaDescription: null,
      keywords: ["hiking", "trails"],
      tags: [],
      aiAssisted: false,
      version: 1,
      featureImageId: null,
      submittedAt: null,
      assigneeId: null,
      reviewedBy: null,
      scheduledPublishAt: null,
      publishedAt: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      reviewReasons: [],
    });
    // The owner reads back exactly what was written; sanitizing is for readers.
    const read = await owner.get(`/api/posts/${res.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(res.body);
    expect(changesOf(blogId)).toEqual([]);
  });

  it("names the author as spec section 3 does, with the avatar", async () => {
    const { owner, blogId } = await ownerWithBlog();
    const me = (await owner.get("/api/auth/user")).body;
    await app()
      .db.update(users)
      .set({ firstName: "Ada", lastName: "Lovelace", profileImageUrl: "https://x.test/a.png" })
      .where(eq(users.id, me.id));
    const post = await createPost(owner, blogId);
    expect(post.author).toEqual({ name: "Ada Lovelace", avatarUrl: "https://x.test/a.png" });
    const list = await owner.get(`/api/blogs/${blogId}/posts`);
    expect(list.body[0].author).toEqual({
      name: "Ada Lovelace",
      avatarUrl: "https://x.test/a.png",
    });
  });

  it("answers a blank title with 'Title is required' and lists every problem at once", async () => {
    const { owner, blogId } = await ownerWithBlog();
    const empty = await owner.post("/api/posts", {});
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({
      code: "validation_failed",
      message: "blogId: Required; title: Title is required",
      issues: [
        { path: "blogId", message: "Required" },
        { path: "title", message: "Title is required" },
      ],
    });
    const blank = await owner.post("/api/posts", { blogId, title: "   " });
    expect(blank.body.issues).toEqual([{ path: "title", message: "Title is required" }]);

    const long = await owner.post("/api/posts", {
      blogId,
      title: "t".repeat(201),
      content: "c".repeat(500_001),
      excerpt: "e".repeat(1001),
      metaTitle: "m".repeat(201),
      metaDescription: "d".repeat(501),
      keywords: ["k".repeat(101)],
      slug: "s".repeat(201),
    });
    expect(long.status).toBe(400);
    expect(long.body.issues).toEqual([
      { path: "title", message: "String must contain at most 200 character(s)" },
      {
        path: "content",
        message:
          "Content must be at most 500,000 characters (letters, spaces and markup together, in any script)",
      },
      { path: "excerpt", message: "String must contain at most 1000 character(s)" },
      { path: "metaTitle", message: "String must contain at most 200 character(s)" },
      { path: "metaDescription", message: "String must contain at most 500 character(s)" },
      { path: "keywords.0", message: "String must contain at most 100 character(s)" },
      { path: "slug", message: "String must contain at most 200 character(s)" },
    ]);
    const many = await owner.post("/api/posts", {
      blogId,
      title: "x",
      keywords: Array.from({ length: 51 }, (_, i) => `k${i}`),
    });
    expect(many.body.issues).toEqual([
      { path: "keywords", message: "Array must contain at most 50 element(s)" },
    ]);
    const types = await owner.post("/api/posts", { blogId: 7, title: 42, keywords: "a,b" });
    expect(types.body.issues).toEqual([
      { path: "blogId", message: "Expected string" },
      { path: "title", message: "Expected string" },
      { path: "keywords", message: "Expected array" },
    ]);
    expect((await owner.get(`/api/blogs/${blogId}/posts`)).body).toEqual([]);
  });

  it("accepts the maxima exactly", async () => {
    const { owner, blogId } = await ownerWithBlog();
    const post = await createPost(owner, blogId, {
      title: "t".repeat(200),
      content: "c".repeat(500_000),
      metaTitle: "m".repeat(200),
      metaDescription: "d".repeat(500),
      keywords: Array.from({ length: 50 }, (_, i) => `${i}${"k".repeat(98)}`),
    });
    expect(post.content).toHaveLength(500_000);
    expect(post.slug).toBe("t".repeat(200));
    // One word longer than the excerpt: cut between characters, with the ellipsis (issue 16).
    expect(post.excerpt).toBe(`${"c".repeat(199)}…`);
  });

  it("refuses a blog of another owner, or a missing one, with 404", async () => {
    const { owner } = await ownerWithBlog();
    const { blogId: foreignBlog } = await ownerWithBlog();
    for (const blogId of [foreignBlog, "doesnotexist00000000"]) {
      const res = await owner.post("/api/posts", { blogId, title: "Sneaky" });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: "not_found", message: "Blog not found" });
    }
    const [row] = await app()
      .db.select({ n: sql<number>`count(*)` })
      .from(posts)
      .where(eq(posts.blogId, foreignBlog));
    expect(row?.n).toBe(0);
  });

  it("needs a signed-in owner", async () => {
    const { blogId } = await ownerWithBlog();
    const anonymous = app().client();
    expect((await anonymous.post("/api/posts", { blogId, title: "x" })).status).toBe(401);
    expect((await anonymous.get(`/api/blogs/${blogId}/posts`)).status).toBe(401);
  });
});

describe("slugs", () => {
  it("derives a blank slug from the title and de-duplicates it within the blog", async () => {
    const { owner, blogId } = await ownerWithBlog();
    const slugs = [];
    for (const slug of [undefined, "", "   ", null]) {
      slugs.push((await createPost(owner, blogId, { title: "Café Society!", slug })).slug);
    }
    expect(slugs).toEqual(["cafe-society", "cafe-society-2", "cafe-society-3", "cafe-society-4"]);
    expect((await createPost(owner, blogId, { title: "???" })).slug).toBe("post");
    expect((await createPost(owner, blogId, { title: "!!!" })).slug).toBe("post-2");
    // Another blog has its own namespace.
    const other = await createBlog(owner);
    expect((await createPost(owner, other.id, { title: "Café Society" })).slug).toBe(
      "cafe-society",
    );
    // A suffix never pushes a long slug past the maximum.
    const long = "w".repeat(200);
    await createPost(owner, blogId, { title: long });
    const second = await createPost(owner, blogId, { title: long });
    expect(second.slug).toBe(`${"w".repeat(198)}-2`);
  });

  it("normalizes a given slug and refuses one that another post uses with 409", async () => {
    const { owner, blogId } = await ownerWithBlog();
    const first = await createPost(owner, blogId, { title: "One", slug: "  My Custom SLUG!! " });
    expect(first.slug).toBe("my-custom-slug");
    const taken = await owner.post("/api/posts", { blogId, title: "Two", slug: "my-custom-slug" });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({
      code: "slug_taken",
      message:
        'The URL slug "my-custom-slug" is already used by another post in this blog. Choose a different slug.',
    });
    const second = await createPost(owner, blogId, { title: "Two" });
    const renamed = await owner.patch(`/api/posts/${second.id}`, { slug: "My custom slug" });
    expect(renamed.status).toBe(409);
    expect(renamed.body.code).toBe("slug_taken");
    // Its own slug is never "taken".
    const same = await owner.patch(`/api/posts/${first.id}`, { slug: "my-custom-slug" });
    expect(same.status).toBe(200);
    expect(same.body.slug).toBe("my-custom-slug");
  });

  it("on PATCH keeps the slug when none is sent and derives it again when blank", async () => {
    const { owner, blogId } = await ownerWithBlog();
    const post = await createPost(owner, blogId, { title: "First title", slug: "chosen" });
    const retitled = await owner.patch(`/api/posts/${post.id}`, { title: "Second title" });
    expect(retitled.body.slug).toBe("chosen");
    const blanked = await owner.patch(`/api/posts/${post.id}`, { slug: "" });
    expect(blanked.body.slug).toBe("second-title");
    const both = await owner.patch(`/api/posts/${post.id}`, { title: "Third", slug: " " });
    expect(both.body.slug).toBe("third");
  });

  it("keeps a published post's former slugs for redirects, and none for drafts", async () => {
    const { owner, blogId } = await ownerWithBlog();
    const history = async (postId: string) =>
      (
        await app()
          .db.select({ slug: postSlugHistory.slug })
          .from(postSlugHistory)
          .where(eq(postSlugHistory.postId, postId))
          .orderBy(postSlugHistory.slug)
      ).map((r) => r.slug);

    const draft = await createPost(owner, blogId, { title: "Draft", slug: "draft-a" });
    await owner.patch(`/api/posts/${draft.id}`, { slug: "draft-b" });
    expect(await history(draft.id)).toEqual([]);

    const post = await createPublishedPost(owner, blogId, { title: "Live", slug: "first" });
    expect((await owner.patch(`/api/posts/${post.id}`, { slug: "second" })).body.slug).toBe(
      "second",
    );
    expect(await history(post.id)).toEqual(["first"]);
    await owner.patch(`/api/posts/${post.id}`, { slug: "third" });
    expect(await history(post.id)).toEqual(["first", "second"]);
    // Back to a former slug: it is current again, so it is no longer a redirect.
    await owner.patch(`/api/posts/${post.id}`, { slug: "first" });
    expect(await history(post.id)).toEqual(["second", "third"]);

    // Derived slugs skip other posts' former slugs, so old links keep redirecting...
    expect((await createPost(owner, blogId, { title: "Second" })).slug).toBe("second-2");
    // ...but a slug the owner asks for wins over a redirect.
    const claimed = await createPost(owner, blogId, { title: "Claim", slug: "third" });
    expect(claimed.slug).toBe("third");
    expect(await history(post.id)).toEqual(["second"]);
  });
});

describe("excerpts", () => {
  it("keeps a written excerpt and derives a blank one from the content (200 characters, whole words)", async () => {
    const { owner, blogId } = await ownerWithBlog();
    const written = await createPost(owner, blogId, { excerpt: "  My summary  " });
    expect(written.excerpt).toBe("My summary");
    const words = Array.from({ length: 80 }, (_, i) => `word${i}`).join(" ");
    const derived = await createPost(owner, blogId, {
      excerpt: "",
      content: `<h2>Intro</h2>\n<p>${words}</p>`,
    });
    // Ends at the last whole word that leaves room for the ellipsis (issue 16); the heading is
    // not run into the paragraph (decision 353).
    expect(derived.excerpt).toBe(`${words.slice(0, 199)}…`);
    expect(derived.excerpt.slice(-7)).toBe("word29…");
    expect(derived.excerpt.length).toBeLessThanOrEqual(200);
  });

  it("derives an excerpt from the paragraphs, and renews one derived with its headings", async () => {
    const { owner, blogId } = await ownerWithBlog();
    const content = "<h2>Why I signed up</h2><p>Running fifty kilometres was a dare.</p>";
    const post = await createPost(owner, blogId, { content });
    expect(post.excerpt).toBe("Running fifty kilometres was a dare.");
    // Stored before decision 353: the heading run into the paragraph.
    await app()
      .db.update(posts)
      .set({ excerpt: "Why I signed up Running fifty kilometres was a dare." })
      .where(eq(posts.id, post.id));
    const edited = await owner.patch(`/api/posts/${post.id}`, {
      content: `${content}<h2>Training</h2><p>Twelve weeks.</p>`,
      excerpt: "Why I signed up Running fifty kilometres was a dare.",
    });
    expect(edited.status).toBe(200);
    expect(edited.body.excerpt).toBe("Running fifty kilometres was a dare. Twelve weeks.");
  });

  it("lets a derived excerpt follow the content, and leaves a written one alone", async () => {
    const { owner, blogId } = await ownerWithBlog();
    const post = await createPost(owner, blogId, { content: "Old text" });
    expect(post.excerpt).toBe("Old text");
    // The editor has no excerpt field: it sends back what it loaded.
    const edited = await owner.patch(`/api/posts/${post.id}`, {
      content: "New text",
      excerpt: post.excerpt,
    });
    expect(edited.body.excerpt).toBe("New text");
    const own = await owner.patch(`/api/posts/${post.id}`, { excerpt: "Hand written" });
    expect(own.body.excerpt).toBe("Hand written");
    const again = await owner.patch(`/api/posts/${post.id}`, { content: "Newer text" });
    expect(again.body.excerpt).toBe("Hand written");
    const cleared = await owner.patch(`/api/posts/${post.id}`, { excerpt: null });
    expect(cleared.body.excerpt).toBe("Newer text");
  });
});

describe("categories of posts", () => {
  it("files a post under a category of the same blog and clears it with null or ''", async () => {
    const { owner, blogId } = await ownerWithBlog();
    const category = await createCategory(owner, blogId);
    const post = await createPost(owner, blogId, { categoryId: category.id });
    expect(post.categoryId).toBe(category.id);
    expect((await owner.patch(`/api/posts/${post.id}`, { categoryId: "" })).body.categoryId).toBe(
      null,
    );
    await owner.patch(`/api/posts/${post.id}`, { categoryId: category.id });
    expect((await owner.patch(`/api/posts/${post.id}`, { categoryId: null })).body.categoryId).toBe(
      null,
    );
  });

  it("answers a category of another blog, another owner or none at all with 404", async () => {
    const { owner, blogId } = await ownerWithBlog();
    const otherBlog = await createBlog(owner);
    const ownOtherBlog = await createCategory(owner, otherBlog.id);
    const { owner: stranger, blogId: strangerBlog } = await ownerWithBlog();
    const foreign = await createCategory(stranger, strangerBlog);
    const post = await createPost(owner, blogId);
    for (const categoryId of [ownOtherBlog.id, foreign.id, "doesnotexist00000000"]) {
      const created = await owner.post("/api/posts", { blogId, title: "x", categoryId });
      expect(created.status).toBe(404);
      expect(created.body).toEqual({ code: "not_found", message: "Category not found" });
      const patched = await owner.patch(`/api/posts/${post.id}`, { categoryId, title: "Changed" });
      expect(patched.status).toBe(404);
    }
    // Nothing of the refused PATCH was kept.
    expect((await owner.get(`/api/posts/${post.id}`)).body.title).toBe(post.title);
  });
});

describe("listing posts", () => {
  it("lists newest first with the fields cards need, and everything with include=content", async () => {
    const { owner, blogId } = await ownerWithBlog();
    const titles = ["Oldest", "Middle", "Newest"];
    for (const title of titles) await createPost(owner, blogId, { title, keywords: ["k"] });
    const otherBlog = await createBlog(owner);
    await createPost(owner, otherBlog.id, { title: "Elsewhere" });

    const list = await owner.get(`/api/blogs/${blogId}/posts`);
    expect(list.status).toBe(200);
    expect(list.body.map((p: { title: string }) => p.title)).toEqual([...titles].reverse());
    expect(Object.keys(list.body[0]).sort()).toEqual(
      [
        "author",
        "authorId",
        "blogId",
        "categoryId",
        "createdAt",
        "excerpt",
        "id",
        "publishedAt",
        "reviewReasons",
        "scheduledPublishAt",
        "slug",
        "status",
        "title",
        "updatedAt",
      ].sort(),
    );
    expect(list.body[0].excerpt).toBe("Some content");

    const full = await owner.get(`/api/blogs/${blogId}/posts?include=content`);
    expect(full.body.map((p: { title: string }) => p.title)).toEqual([...titles].reverse());
    expect(full.body[0]).toEqual((await owner.get(`/api/posts/${full.body[0].id}`)).body);

    const wrong = await owner.get(`/api/blogs/${blogId}/posts?include=everything`);
    expect(wrong.status).toBe(400);
    expect(wrong.body.issues).toEqual([
      { path: "include", message: 'The only value of include is "content"' },
    ]);
  });

  it("answers each card with the same values as the post itself, timestamps included", async () => {
    const { owner, blogId } = await ownerWithBlog();
    const live = await createPublishedPost(owner, blogId, { title: "Live" });
    const planned = await createPost(owner, blogId, { title: "Planned" });
    await owner.patch(`/api/posts/${planned.id}/schedule`, { scheduledPublishAt: inAnHour() });
    const cards = (await owner.get(`/api/blogs/${blogId}/posts`)).body;
    for (const card of cards) {
      const {
        content,
        metaTitle,
        metaDescription,
        keywords,
        tags,
        aiAssisted,
        version,
        featureImageId,
        submittedAt,
        assigneeId,
        reviewedBy,
        ...summary
      } = (await owner.get(`/api/posts/${card.id}`)).body;
      expect(card).toEqual(summary);
    }
    expect(cards.map((c: { id: string }) => c.id)).toEqual([planned.id, live.id]);
    expect(cards[0].scheduledPublishAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(cards[1].publishedAt).toBe(live.publishedAt);
  });

  it("never sends internal columns", async () => {
    const { owner, blogId } = await ownerWithBlog();
    const post = await createPost(owner, blogId);
    for (const body of [
      (await owner.get(`/api/posts/${post.id}`)).body,
      (await owner.get(`/api/blogs/${blogId}/posts`)).body[0],
      (await owner.get(`/api/blogs/${blogId}/posts?include=content`)).body[0],
    ]) {
      expect(body).not.toHaveProperty("source");
      expect(body).not.toHaveProperty("aiText");
      expect(body.author).not.toHaveProperty("email");
    }
  });

  it("derives the card excerpt of a post saved without one", async () => {
    const { owner, blogId } = await ownerWithBlog();
    const post = await createPost(owner, blogId, { content: "<p>Body &amp; soul</p>" });
    await app().db.update(posts).set({ excerpt: "" }).where(eq(posts.id, post.id));
    expect((await owner.get(`/api/blogs/${blogId}/posts`)).body[0].excerpt).toBe("Body & soul");
    expect((await owner.get(`/api/blogs/${blogId}/posts?include=content`)).body[0].excerpt).toBe(
      "Body & soul",
    );
  });

  // SQLite's plan (decision 021); PostgreSQL plans by table statistics, so a few test rows
  // are read by a sequential scan there, whatever the indexes.
  itSqliteOnly("reads the list from posts_blog_created_idx alone, without sorting", async () => {
    const { blogId } = await ownerWithBlog();
    const plan = async (statement: SQL) =>
      (await app().db.all<{ detail: string }>(sql`EXPLAIN QUERY PLAN ${statement}`))
        .map((row) => row.detail)
        .join("\n");
    const summaries = await plan(postSummariesStatement(app().db, blogId));
    expect(summaries).toContain("USING COVERING INDEX posts_blog_created_idx (blog_id=?)");
    expect(summaries).not.toContain("TEMP B-TREE");
    const full = await plan(fullPostsQuery(app().db, blogId).getSQL());
    expect(full).toContain("USING INDEX posts_blog_created_idx (blog_id=?)");
    expect(full).not.toContain("TEMP B-TREE");
  });

  it("answers another owner's blog with 404", async () => {
    const { owner } = await ownerWithBlog();
    const { blogId } = await ownerWithBlog();
    const res = await owner.get(`/api/blogs/${blogId}/posts`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: "not_found", message: "Blog not found" });
  });
});

describe("status", () => {
  it("moves draft → under review → published and sets publishedAt once", async () => {
    const { owner, blogId } = await ownerWithBlog();
    const post = await createPost(owner, blogId);
    const review = await owner.patch(`/api/posts/${post.id}/status`, { status: "under_review" });
    expect(review.status).toBe(200);
    expect(review.body).toMatchObject({ status: "under_review", publishedAt: null });
    const published = await owner.patch(`/api/posts/${post.id}/status`, { status: "published" });
    expect(published.body.status).toBe("published");
    const firstPublishedAt = published.body.publishedAt;
    expect(Date.parse(firstPublishedAt)).toBeGreaterThan(Date.now() - 60_000);

    const unpublished = await owner.patch(`/api/posts/${post.id}/status`, { status: "draft" });
    expect(unpublished.body).toMatchObject({ status: "draft", publishedAt: firstPublishedAt });
    await owner.patch(`/api/posts/${post.id}/status`, { status: "under_review" });
    const again = await owner.patch(`/api/posts/${post.id}/status`, { status: "published" });
    expect(again.body.publishedAt).toBe(firstPublishedAt);
  });

  it("sends a post back from review to draft", async () => {
    const { owner, blogId } = await ownerWithBlog();
    const post = await createPost(owner, blogId);
    await owner.patch(`/api/posts/${post.id}/status`, { status: "under_review" });
    const back = await owner.patch(`/api/posts/${post.id}/status`, { status: "draft" });
    expect(back.status).toBe(200);
    expect(back.body.status).toBe("draft");
  });

  it("refuses every other transition with 409 and a clear message", async () => {
    const { owner, blogId } = await ownerWithBlog();
    const draft = await createPost(owner, blogId);
    const skip = await owner.patch(`/api/posts/${draft.id}/status`, { status: "published" });
    expect(skip.status).toBe(409);
    expect(skip.body).toEqual({
      code: "invalid_status_transition",
      message:
        "This blog reviews posts before publishing: submit the draft for review first, or turn off 'Review before publishing' in Settings to publish in one step.",
    });
    const same = await owner.patch(`/api/posts/${draft.id}/status`, { status: "draft" });
    expect(same.status).toBe(409);
    expect(same.body).toEqual({
      code: "invalid_status_transition",
      message: "The post is already Draft",
    });
    const published = await createPublishedPost(owner, blogId);
    const back = await owner.patch(`/api/posts/${published.id}/status`, {
      status: "under_review",
    });
    expect(back.status).toBe(409);
    expect(back.body.message).toBe("Cannot change status from Published to Under Review");
    expect((await owner.get(`/api/posts/${draft.id}`)).body.status).toBe("draft");
    expect((await owner.get(`/api/posts/${published.id}`)).body.status).toBe("published");
  });

  it("validates the status value", async () => {
    const { owner, blogId } = await ownerWithBlog();
    const post = await createPost(owner, blogId);
    const wrong = await owner.patch(`/api/posts/${post.id}/status`, { status: "archived" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.issues).toEqual([
      { path: "status", message: "Status must be one of draft, under_review, published" },
    ]);
    const missing = await owner.patch(`/api/posts/${post.id}/status`, {});
    expect(missing.body.issues).toEqual([{ path: "status", message: "Required" }]);
  });
});

describe("scheduling", () => {
  it("sets, moves and clears a future publish time", async () => {
    const { owner, blogId } = await ownerWithBlog();
    const post = await createPost(owner, blogId);
    const at = inAnHour();
    const scheduled = await owner.patch(`/api/posts/${post.id}/schedule`, {
      scheduledPublishAt: at,
    });
    expect(scheduled.status).toBe(200);
    expect(scheduled.body.scheduledPublishAt).toBe(at);
    expect((await owner.get(`/api/blogs/${blogId}/posts`)).body[0].scheduledPublishAt).toBe(at);

    const later = new Date(Date.now() + 2 * 60 * 60 * 1000);
    const offset = later.toISOString().replace("Z", "+00:00");
    const moved = await owner.patch(`/api/posts/${post.id}/schedule`, {
      scheduledPublishAt: offset,
    });
    expect(moved.body.scheduledPublishAt).toBe(later.toISOString());

    const cleared = await owner.patch(`/api/posts/${post.id}/schedule`, {
      scheduledPublishAt: null,
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.scheduledPublishAt).toBeNull();
    expect(changesOf(blogId)).toEqual([]);
  });

  it("refuses a time in the past with 400 and a malformed one with 400", async () => {
    const { owner, blogId } = await ownerWithBlog();
    const post = await createPost(owner, blogId);
    const past = await owner.patch(`/api/posts/${post.id}/schedule`, {
      scheduledPublishAt: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(past.status).toBe(400);
    expect(past.body).toEqual({
      code: "validation_failed",
      message: "scheduledPublishAt: Scheduled time must be in the future",
      issues: [{ path: "scheduledPublishAt", message: "Scheduled time must be in the future" }],
    });
    for (const value of ["tomorrow", "2030-13-01T00:00:00Z", 1_900_000_000_000]) {
      const bad = await owner.patch(`/api/posts/${post.id}/schedule`, {
        scheduledPublishAt: value,
      });
      expect(bad.status, String(value)).toBe(400);
      expect(bad.body.issues[0].path).toBe("scheduledPublishAt");
    }
    const missing = await owner.patch(`/api/posts/${post.id}/schedule`, {});
    expect(missing.body.issues).toEqual([{ path: "scheduledPublishAt", message: "Required" }]);
    expect((await owner.get(`/api/posts/${post.id}`)).body.scheduledPublishAt).toBeNull();
  });

  it("refuses to schedule a published post (409) and drops a schedule on publish", async () => {
    const { owner, blogId } = await ownerWithBlog();
    const post = await createPost(owner, blogId);
    await owner.patch(`/api/posts/${post.id}/status`, { status: "under_review" });
    await owner.patch(`/api/posts/${post.id}/schedule`, { scheduledPublishAt: inAnHour() });
    const published = await owner.patch(`/api/posts/${post.id}/status`, { status: "published" });
    expect(published.body.scheduledPublishAt).toBeNull();
    const refused = await owner.patch(`/api/posts/${post.id}/schedule`, {
      scheduledPublishAt: inAnHour(),
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      code: "already_published",
      message: "This post is already published. Unpublish it first to schedule it.",
    });
    const clear = await owner.patch(`/api/posts/${post.id}/schedule`, {
      scheduledPublishAt: null,
    });
    expect(clear.status).toBe(200);
  });
});

describe("deleting posts", () => {
  it("deletes with 204, after which the post is gone", async () => {
    const { owner, blogId } = await ownerWithBlog();
    const post = await createPost(owner, blogId);
    const res = await owner.delete(`/api/posts/${post.id}`);
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expect((await owner.get(`/api/posts/${post.id}`)).status).toBe(404);
    expect((await owner.delete(`/api/posts/${post.id}`)).status).toBe(404);
    expect((await owner.get(`/api/blogs/${blogId}/posts`)).body).toEqual([]);
  });

  it("answers another owner's post with 404 on every route and changes nothing", async () => {
    const { owner, blogId } = await ownerWithBlog();
    const stranger = await newOwner();
    const post = await createPost(owner, blogId);
    const attempts = [
      stranger.get(`/api/posts/${post.id}`),
      stranger.patch(`/api/posts/${post.id}`, { title: "Mine now" }),
      stranger.patch(`/api/posts/${post.id}/status`, { status: "under_review" }),
      stranger.patch(`/api/posts/${post.id}/schedule`, { scheduledPublishAt: inAnHour() }),
      stranger.delete(`/api/posts/${post.id}`),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: "not_found", message: "Post not found" });
    }
    expect((await owner.get(`/api/posts/${post.id}`)).body).toEqual(post);
  });
});

describe("content events", () => {
  it("tells the renderer about every change readers could see, and nothing else", async () => {
    const { owner, blogId } = await ownerWithBlog();
    const post = await createPost(owner, blogId);
    await owner.patch(`/api/posts/${post.id}`, { title: "Draft edit" });
    await owner.patch(`/api/posts/${post.id}/status`, { status: "under_review" });
    await owner.patch(`/api/posts/${post.id}/schedule`, { scheduledPublishAt: inAnHour() });
    expect(changesOf(blogId)).toEqual([]);

    await owner.patch(`/api/posts/${post.id}/status`, { status: "published" });
    expect(changesOf(blogId)).toEqual([{ postIds: [post.id] }]);
    await owner.patch(`/api/posts/${post.id}`, { content: "Edited while live" });
    // Sending the same values again changes nothing, so nothing is re-rendered.
    await owner.patch(`/api/posts/${post.id}`, { content: "Edited while live" });
    expect(changesOf(blogId)).toHaveLength(2);
    await owner.patch(`/api/posts/${post.id}/status`, { status: "draft" });
    expect(changesOf(blogId)).toHaveLength(3);

    const live = await createPublishedPost(owner, blogId);
    const draft = await createPost(owner, blogId);
    await owner.delete(`/api/posts/${draft.id}`);
    await owner.delete(`/api/posts/${live.id}`);
    expect(changesOf(blogId)).toEqual([
      { postIds: [post.id] },
      { postIds: [post.id] },
      { postIds: [post.id] },
      { postIds: [live.id] },
      { postIds: [live.id] },
    ]);
  });

  it("keeps a committed save when the listener fails", async () => {
    const failing = await startTestApp({
      contentEvents: {
        blogChanged: () => {
          throw new Error("renderer down");
        },
      },
    });
    try {
      const owner = await createOwner(failing);
      const blog = await createBlog(owner);
      const post = await createPost(owner, blog.id);
      await owner.patch(`/api/posts/${post.id}/status`, { status: "under_review" });
      const published = await owner.patch(`/api/posts/${post.id}/status`, {
        status: "published",
      });
      expect(published.status).toBe(200);
      expect((await owner.get(`/api/posts/${post.id}`)).body.status).toBe("published");
    } finally {
      await failing.close();
    }
  });
});
