import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { limits } from "../../../contracts/limits.ts";
import type { Post } from "../../../contracts/posts.ts";
import { postRevisions } from "../../db/schema.ts";
import { testAppForFile } from "../../test/app-per-file.ts";
import { createBlog, createPost, createPublishedPost } from "../../test/factories.ts";

const { app, newOwner, ownerWithBlog } = testAppForFile({ publishing: true });

describe("versions: a stale save never overwrites newer work (decision 095)", () => {
  it("starts at version 1, bumps it on every write, and refuses a stale version with 409", async () => {
    const { owner, blogId } = await ownerWithBlog();
    const post = await createPost(owner, blogId, { content: "<p>first</p>" });
    expect(post.version).toBe(1);

    const tabA = await owner.patch<Post>(`/api/posts/${post.id}`, {
      content: "<p>from tab A</p>",
      version: 1,
    });
    expect(tabA.status).toBe(200);
    expect(tabA.body.version).toBe(2);

    const tabB = await owner.patch(`/api/posts/${post.id}`, {
      content: "<p>from tab B, stale</p>",
      version: 1,
    });
    expect(tabB.status).toBe(409);
    expect(tabB.body.code).toBe("stale_version");
    expect(tabB.body.message).toMatch(/changed elsewhere.*version 2.*Nothing was saved/);
    expect(tabB.body.current).toMatchObject({ id: post.id, version: 2 });
    expect(tabB.body.current.content).toBe("<p>from tab A</p>");
    const now = (await owner.get<Post>(`/api/posts/${post.id}`)).body;
    expect(now.content).toBe("<p>from tab A</p>");
    expect(now.version).toBe(2);

    // Overwrite: saving again from the version the conflict answered.
    const overwrite = await owner.patch<Post>(`/api/posts/${post.id}`, {
      content: "<p>from tab B</p>",
      version: 2,
    });
    expect(overwrite.status).toBe(200);
    expect(overwrite.body.version).toBe(3);

    // Status and schedule changes are writes too.
    const review = await owner.patch<Post>(`/api/posts/${post.id}/status`, {
      status: "under_review",
      version: 3,
    });
    expect(review.body.version).toBe(4);
    const stale = await owner.patch(`/api/posts/${post.id}/status`, {
      status: "draft",
      version: 3,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.current.status).toBe("under_review");
  });

  it("sends the ETag on GET and honours If-Match with 412 when stale", async () => {
    const { owner, blogId } = await ownerWithBlog();
    const post = await createPost(owner, blogId);
    const read = await owner.get(`/api/posts/${post.id}`);
    const etag = read.headers.get("etag");
    expect(etag).toBe('"post-v1"');

    const ok = await owner.request("PATCH", `/api/posts/${post.id}`, {
      json: { title: "Renamed" },
      headers: { "if-match": etag as string },
    });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("etag")).toBe('"post-v2"');

    const late = await owner.request("PATCH", `/api/posts/${post.id}`, {
      json: { title: "Late rename" },
      headers: { "if-match": etag as string },
    });
    expect(late.status).toBe(412);
    expect(late.body.code).toBe("stale_version");
    expect(late.body.current.title).toBe("Renamed");
    expect((await owner.get<Post>(`/api/posts/${post.id}`)).body.title).toBe("Renamed");
  });

  it("never lets a stale tab roll back a live page", async () => {
    const owner = await newOwner();
    const blog = await createBlog(owner);
    const post = await createPublishedPost(owner, blog.id, {
      title: "Live",
      content: "<p>Original text</p>",
    });
    const fresh = await owner.patch(`/api/posts/${post.id}`, {
      content: "<p>Corrected text</p>",
      version: post.version,
    });
    expect(fresh.status).toBe(200);
    const stale = await owner.patch(`/api/posts/${post.id}`, {
      content: "<p>Original text with a typo</p>",
      version: post.version,
    });
    expect(stale.status).toBe(409);
    await app().publishing?.queue.onIdle();
    const page = await app().client().get(`/blog/${blog.slug}/post/${post.slug}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Corrected text");
    expect(page.text).not.toContain("with a typo");
  });

  it("refuses a malformed version with 400 and changes nothing", async () => {
    const { owner, blogId } = await ownerWithBlog();
    const post = await createPost(owner, blogId, { title: "Kept" });
    const res = await owner.patch(`/api/posts/${post.id}`, { title: "New", version: "one" });
    expect(res.status).toBe(400);
    expect(res.body.issues.map((i: { path: string }) => i.path)).toEqual(["version"]);
    expect((await owner.get<Post>(`/api/posts/${post.id}`)).body.title).toBe("Kept");
  });
});

describe("pending changes of a published post (decision 096)", () => {
  it("keeps autosaved edits apart from the live page until 'Update'", async () => {
    const owner = await newOwner();
    const blog = await createBlog(owner);
    const post = await createPublishedPost(owner, blog.id, { content: "<p>Live words</p>" });
    const fields = {
      title: post.title,
      content: "<p>Live words, reworked</p>",
      excerpt: "",
      categoryId: null,
      metaTitle: null,
      metaDescription: null,
      keywords: [],
      slug: post.slug,
    };
    const saved = await owner.put(`/api/posts/${post.id}/pending-changes`, {
      ...fields,
      version: post.version,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.pendingChanges).toMatchObject({
      baseVersion: post.version,
      fields: { content: "<p>Live words, reworked</p>" },
    });
    const read = await owner.get(`/api/posts/${post.id}/pending-changes`);
    expect(read.body.pendingChanges.fields.content).toBe("<p>Live words, reworked</p>");
    // The post and its page are untouched.
    const same = (await owner.get<Post>(`/api/posts/${post.id}`)).body;
    expect(same.content).toBe("<p>Live words</p>");
    expect(same.version).toBe(post.version);
    await app().publishing?.queue.onIdle();
    const page = await app().client().get(`/blog/${blog.slug}/post/${post.slug}`);
    expect(page.text).not.toContain("reworked");

    // 'Update' makes them live and drops them.
    const update = await owner.patch<Post>(`/api/posts/${post.id}`, {
      ...fields,
      version: post.version,
    });
    expect(update.status).toBe(200);
    expect((await owner.get(`/api/posts/${post.id}/pending-changes`)).body).toEqual({
      pendingChanges: null,
    });
    await app().publishing?.queue.onIdle();
    const live = await app().client().get(`/blog/${blog.slug}/post/${post.slug}`);
    expect(live.text).toContain("Live words, reworked");

    // Discarding leaves the live post as it is.
    const again = (await owner.get<Post>(`/api/posts/${post.id}`)).body;
    await owner.put(`/api/posts/${post.id}/pending-changes`, {
      ...fields,
      content: "<p>Second thoughts</p>",
      version: again.version,
    });
    const other = await newOwner();
    expect((await other.delete(`/api/posts/${post.id}/pending-changes`)).status).toBe(404);
    expect(
      (await owner.get(`/api/posts/${post.id}/pending-changes`)).body.pendingChanges,
    ).not.toBeNull();
    expect((await owner.delete(`/api/posts/${post.id}/pending-changes`)).status).toBe(204);
    expect((await owner.get(`/api/posts/${post.id}/pending-changes`)).body).toEqual({
      pendingChanges: null,
    });
    expect((await owner.get<Post>(`/api/posts/${post.id}`)).body).toEqual(again);
  });

  it("refuses pending changes of a draft, from a stale version, or of another owner", async () => {
    const { owner, blogId } = await ownerWithBlog();
    const draft = await createPost(owner, blogId);
    const body = { title: "T", content: "", version: 1 };
    const notLive = await owner.put(`/api/posts/${draft.id}/pending-changes`, body);
    expect(notLive.status).toBe(409);
    expect(notLive.body.code).toBe("not_published");

    const live = await createPublishedPost(owner, blogId);
    const stale = await owner.put(`/api/posts/${live.id}/pending-changes`, {
      ...body,
      version: live.version - 1,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.current.version).toBe(live.version);

    const other = await newOwner();
    const foreign = await other.put(`/api/posts/${live.id}/pending-changes`, {
      ...body,
      version: live.version,
    });
    expect(foreign.status).toBe(404);
    expect((await other.get(`/api/posts/${live.id}/pending-changes`)).status).toBe(404);
    expect((await owner.get(`/api/posts/${live.id}/pending-changes`)).body.pendingChanges).toBe(
      null,
    );
  });

  it("validates every field and lists every problem", async () => {
    const { owner, blogId } = await ownerWithBlog();
    const live = await createPublishedPost(owner, blogId);
    const res = await owner.put(`/api/posts/${live.id}/pending-changes`, {
      title: "",
      content: 5,
    });
    expect(res.status).toBe(400);
    expect(res.body.issues.map((i: { path: string }) => i.path).sort()).toEqual([
      "content",
      "title",
      "version",
    ]);
  });
});

describe("revisions (decision 096)", () => {
  it("lists the saves newest first with time and author, and answers each with its fields", async () => {
    const { owner, blogId } = await ownerWithBlog();
    const me = (await owner.get("/api/auth/user")).body;
    const post = await createPost(owner, blogId, { title: "One", content: "<p>one</p>" });
    await owner.patch(`/api/posts/${post.id}`, { title: "Two", content: "<p>two</p>" });
    await owner.patch(`/api/posts/${post.id}`, { title: "Three", content: "<p>three</p>" });
    const list = await owner.get(`/api/posts/${post.id}/revisions`);
    expect(list.status).toBe(200);
    expect(list.body.map((r: { title: string }) => r.title)).toEqual(["Three", "Two", "One"]);
    expect(list.body[0]).toEqual({
      id: expect.any(String),
      postVersion: 3,
      autosave: false,
      createdAt: expect.any(String),
      author: { name: me.email.split("@")[0], avatarUrl: null },
      title: "Three",
      characters: "<p>three</p>".length,
    });
    const oldest = await owner.get(`/api/posts/${post.id}/revisions/${list.body[2].id}`);
    expect(oldest.status).toBe(200);
    expect(oldest.body.fields).toMatchObject({ title: "One", content: "<p>one</p>" });
  });

  it("folds one author's autosaves into one revision and keeps the newest 50", async () => {
    const { owner, blogId } = await ownerWithBlog();
    const post = await createPost(owner, blogId, { content: "<p>start</p>" });
    for (const word of ["a", "ab", "abc"]) {
      const res = await owner.patch(`/api/posts/${post.id}`, {
        content: `<p>${word}</p>`,
        autosave: true,
      });
      expect(res.status).toBe(200);
    }
    const afterTyping = (await owner.get(`/api/posts/${post.id}/revisions`)).body;
    expect(afterTyping.map((r: { autosave: boolean }) => r.autosave)).toEqual([true, false]);
    const typed = await owner.get(`/api/posts/${post.id}/revisions/${afterTyping[0].id}`);
    expect(typed.body.fields.content).toBe("<p>abc</p>");

    for (let i = 0; i < limits.revisionsKept + 5; i++) {
      await owner.patch(`/api/posts/${post.id}`, { content: `<p>save ${i}</p>` });
    }
    const kept = await app()
      .db.select({ content: postRevisions.content })
      .from(postRevisions)
      .where(eq(postRevisions.postId, post.id));
    expect(kept).toHaveLength(limits.revisionsKept);
    const list = (await owner.get(`/api/posts/${post.id}/revisions`)).body;
    expect(list).toHaveLength(limits.revisionsKept);
    expect(list[0].postVersion).toBe(1 + 3 + limits.revisionsKept + 5);
  });

  it("answers another owner's post or revision with 404", async () => {
    const { owner, blogId } = await ownerWithBlog();
    const post = await createPost(owner, blogId);
    const [revision] = (await owner.get(`/api/posts/${post.id}/revisions`)).body;
    const other = await newOwner();
    expect((await other.get(`/api/posts/${post.id}/revisions`)).status).toBe(404);
    expect((await other.get(`/api/posts/${post.id}/revisions/${revision.id}`)).status).toBe(404);
    const otherPost = await createPost(owner, blogId);
    expect((await owner.get(`/api/posts/${otherPost.id}/revisions/${revision.id}`)).status).toBe(
      404,
    );
  });
});

describe("unpublishing and one-step publishing (decision 097)", () => {
  it("takes a published post back to draft and its page answers 410", async () => {
    const owner = await newOwner();
    const blog = await createBlog(owner);
    const post = await createPublishedPost(owner, blog.id, { title: "Going away" });
    await app().publishing?.queue.onIdle();
    expect((await app().client().get(`/blog/${blog.slug}/post/${post.slug}`)).status).toBe(200);
    const res = await owner.patch<Post>(`/api/posts/${post.id}/status`, {
      status: "draft",
      version: post.version,
    });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("draft");
    await app().publishing?.queue.onIdle();
    const page = await app().client().get(`/blog/${blog.slug}/post/${post.slug}`);
    expect(page.status).toBe(410);
    expect(page.text).not.toContain("Going away");
  });

  it("publishes a draft in one step only when the blog's review is off (default on)", async () => {
    const owner = await newOwner();
    const blog = await createBlog(owner);
    expect(blog.reviewBeforePublishing).toBe(true);
    const draft = await createPost(owner, blog.id);
    const refused = await owner.patch(`/api/posts/${draft.id}/status`, { status: "published" });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/submit the draft for review first/);

    const off = await owner.patch(`/api/blogs/${blog.id}/customization`, {
      reviewBeforePublishing: false,
    });
    expect(off.status).toBe(200);
    expect(off.body.reviewBeforePublishing).toBe(false);
    const published = await owner.patch<Post>(`/api/posts/${draft.id}/status`, {
      status: "published",
    });
    expect(published.status).toBe(200);
    expect(published.body.status).toBe("published");
    expect(published.body.publishedAt).not.toBeNull();

    const bad = await owner.patch(`/api/blogs/${blog.id}/customization`, {
      reviewBeforePublishing: "no",
    });
    expect(bad.status).toBe(400);
    const other = await newOwner();
    expect(
      (
        await other.patch(`/api/blogs/${blog.id}/customization`, {
          reviewBeforePublishing: true,
        })
      ).status,
    ).toBe(404);
    expect((await owner.get(`/api/blogs/${blog.id}`)).body.reviewBeforePublishing).toBe(false);
  });
});

describe("the content limit counts characters in every script (decision 098)", () => {
  const tooLong =
    "Content must be at most 500,000 characters (letters, spaces and markup together, in any script)";

  it("saves 399,000 and 500,000 Japanese characters, and refuses 500,001 with 400", async () => {
    const { owner, blogId } = await ownerWithBlog();
    const created = await owner.post<Post>("/api/posts", {
      blogId,
      title: "長い記事",
      content: "日".repeat(399_000),
    });
    expect(created.status).toBe(201);
    const full = await owner.patch<Post>(`/api/posts/${created.body.id}`, {
      content: "本".repeat(limits.postContent),
    });
    expect(full.status).toBe(200);
    expect(full.body.content).toHaveLength(limits.postContent);
    const over = await owner.patch(`/api/posts/${created.body.id}`, {
      content: "本".repeat(limits.postContent + 1),
    });
    expect(over.status).toBe(400);
    expect(over.body.issues).toEqual([{ path: "content", message: tooLong }]);
  });

  it("counts an emoji as one character, and fits the worst escaping within the body limit", async () => {
    const { owner, blogId } = await ownerWithBlog();
    const emoji = await owner.post("/api/posts", {
      blogId,
      title: "Emoji",
      content: "😀".repeat(limits.postContent),
    });
    expect(emoji.status).toBe(201);
    // A control character is six bytes in JSON (\u0001): the most any character takes.
    const escaped = await owner.post("/api/posts", {
      blogId,
      title: "Escaped",
      content: "\u0001".repeat(limits.postContent),
    });
    expect(escaped.status).toBe(201);
  });

  it("keeps 1 MB for everything else and for requests not signed in", async () => {
    const anonymous = await app()
      .client()
      .post("/api/posts", { content: "x".repeat(1_100_000) });
    expect(anonymous.status).toBe(413);
    const { owner } = await ownerWithBlog();
    const blog = await owner.post("/api/blogs", { name: "x", description: "日".repeat(400_000) });
    expect(blog.status).toBe(413);
  });
});
