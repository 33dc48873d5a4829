import { existsSync } from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Blog } from "../../../contracts/blogs.ts";
import type { Post } from "../../../contracts/posts.ts";
import { removedPostSlugs } from "../../db/schema.ts";
import { createBlog, createOwner, createPublishedPost } from "../../test/factories.ts";
import type { TestClient } from "../../test/harness.ts";
import { startTestApp, type TestApp } from "../../test/harness.ts";

let app: TestApp;
let owner: TestClient;
let blog: Blog;
let live: Post;
let gone: Post;
let moved: Post;

const postPath = (slug: string) => `/blog/${blog.slug}/post/${slug}`;
const read = (slug: string) => app.client().get(postPath(slug));
const unpublish = async (post: Post) => {
  const res = await owner.patch(`/api/posts/${post.id}/status`, { status: "draft" });
  expect(res.status).toBe(200);
};

beforeAll(async () => {
  app = await startTestApp({ publishing: true });
  owner = await createOwner(app);
  blog = await createBlog(owner, "Removed Posts");
  live = await createPublishedPost(owner, blog.id, { title: "Still here", slug: "still-here" });
  gone = await createPublishedPost(owner, blog.id, { title: "Soon gone", slug: "soon-gone" });
  moved = await createPublishedPost(owner, blog.id, { title: "Moved away", slug: "moved-away" });
  await app.publishing?.queue.onIdle();
  // From here on no render runs: the rendered files lag behind the database, as they do
  // while a render is pending or after one failed.
  await app.publishing?.queue.stop();
});
afterAll(() => app.close());

describe("posts that were published and are not any more (issue 14 finding 6)", () => {
  it("serves published posts from their rendered files", async () => {
    for (const post of [live, gone, moved]) {
      const res = await read(post.slug);
      expect(res.status).toBe(200);
      expect(res.text).toContain(post.title);
    }
  });

  it("answers 410 Gone for an unpublished post, never its lagging file", async () => {
    await unpublish(gone);
    const file = await app.publishing?.output.resolveFile(blog.id, `post/${gone.slug}.html`);
    expect(file && existsSync(file)).toBe(true);
    const res = await read(gone.slug);
    expect(res.status).toBe(410);
    expect(res.text).toContain("Post Not Found");
    expect(res.text).not.toContain("Soon gone");
    expect(res.headers.get("cache-control")).toBe("no-cache");
  });

  it("serves the post again once it is re-published (the tombstone goes)", async () => {
    for (const status of ["under_review", "published"]) {
      expect((await owner.patch(`/api/posts/${gone.id}/status`, { status })).status).toBe(200);
    }
    const res = await read(gone.slug);
    expect(res.status).toBe(200);
    expect(res.text).toContain("Soon gone");
  });

  it("answers 410 for a deleted post and 404 for an address that never had one", async () => {
    expect((await owner.delete(`/api/posts/${gone.id}`)).status).toBe(204);
    expect((await read(gone.slug)).status).toBe(410);
    const never = await read("never-published-here");
    expect(never.status).toBe(404);
    expect(never.text).toContain("Post Not Found");
  });

  it("answers 410 at the current and former address of an unpublished, renamed post", async () => {
    const renamed = await owner.patch(`/api/posts/${moved.id}`, { slug: "moved-again" });
    expect(renamed.status).toBe(200);
    const old = await read("moved-away");
    expect(old.status).toBe(301);
    await unpublish(moved);
    expect((await read("moved-away")).status).toBe(410);
    expect((await read("moved-again")).status).toBe(410);
  });

  it("forgets the tombstones of both addresses when the renamed post is published again", async () => {
    for (const status of ["under_review", "published"]) {
      expect((await owner.patch(`/api/posts/${moved.id}/status`, { status })).status).toBe(200);
    }
    const tombstones = await app.db
      .select({ slug: removedPostSlugs.slug })
      .from(removedPostSlugs)
      .where(eq(removedPostSlugs.blogId, blog.id));
    // The deleted post's stays.
    expect(tombstones.map((row) => row.slug)).toEqual(["soon-gone"]);
    expect((await read("moved-away")).status).toBe(301);
    await unpublish(moved);
  });

  it("answers 404 for a draft that was never published", async () => {
    const draft = await owner.post<Post>("/api/posts", {
      blogId: blog.id,
      title: "Never out",
      slug: "never-out",
    });
    expect(draft.status).toBe(201);
    expect((await owner.delete(`/api/posts/${draft.body.id}`)).status).toBe(204);
    expect((await read("never-out")).status).toBe(404);
  });

  it("still serves the other published post", async () => {
    expect((await read(live.slug)).status).toBe(200);
  });
});
