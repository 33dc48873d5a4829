import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { blogs, posts } from "../../db/schema.ts";
import { openTestDatabase } from "../../test/dialect.ts";
import { insertOwnerAndBlog } from "../../test/factories.ts";
import { loadSnapshot, type SnapshotOptions } from "./snapshot.ts";

let dir: string;
let handle: DatabaseHandle;
let blogId: string;
let otherBlogId: string;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "blogfleet-snapshot-changed-"));
  handle = await openTestDatabase(dir);
  let ownerId: string;
  ({ blogId, ownerId } = await insertOwnerAndBlog(handle.db, {
    name: "Garden",
    slug: "garden",
    subdomain: "garden",
  }));
  const [other] = await handle.db
    .insert(blogs)
    .values({ ownerId, name: "Kitchen", slug: "kitchen", subdomain: "kitchen" })
    .returning();
  otherBlogId = other?.id as string;
});
afterEach(async () => {
  await handle.close();
  rmSync(dir, { recursive: true, force: true });
});

const options: SnapshotOptions = {
  canonicalBaseOf: () => "https://garden.blogs.test",
  sanitize: (html) => html,
};

async function addPost(blog: string, slug: string, status: "draft" | "published" = "published") {
  const [post] = await handle.db
    .insert(posts)
    .values({
      blogId: blog,
      title: slug,
      slug,
      content: `<p>${slug}</p>`,
      status,
      publishedAt: status === "published" ? new Date() : null,
    })
    .returning();
  return post as typeof posts.$inferSelect;
}

describe("an incremental snapshot (the changed posts read again)", () => {
  it("takes only the blog's own published posts among those named", async () => {
    await addPost(blogId, "tomatoes");
    const previous = await loadSnapshot(handle.db, blogId, options);
    if (!previous) throw new Error("no snapshot");

    const compost = await addPost(blogId, "compost");
    const draft = await addPost(blogId, "seedlings", "draft");
    const elsewhere = await addPost(otherBlogId, "bread");
    const next = await loadSnapshot(handle.db, blogId, options, {
      kind: "changed",
      postIds: [compost.id, draft.id, elsewhere.id],
      previous: previous.site,
    });
    expect(next?.site.posts.map((p) => p.slug).sort()).toEqual(["compost", "tomatoes"]);
    expect(next?.site.postsBySlug.has("bread")).toBe(false);
  });

  it("never takes another blog's post, even when the published count happens to match", async () => {
    await addPost(blogId, "tomatoes");
    const previous = await loadSnapshot(handle.db, blogId, options);
    if (!previous) throw new Error("no snapshot");

    // A post published without being announced (the count guard's case) and another blog's
    // post named: had the other blog's post been taken, the counts would agree (2 and 2).
    await addPost(blogId, "compost");
    const elsewhere = await addPost(otherBlogId, "bread");
    const next = await loadSnapshot(handle.db, blogId, options, {
      kind: "changed",
      postIds: [elsewhere.id],
      previous: previous.site,
    });
    expect(next?.site.posts.map((p) => p.slug).sort()).toEqual(["compost", "tomatoes"]);
  });

  it("drops a named post that was unpublished", async () => {
    const tomatoes = await addPost(blogId, "tomatoes");
    await addPost(blogId, "compost");
    const previous = await loadSnapshot(handle.db, blogId, options);
    if (!previous) throw new Error("no snapshot");

    await handle.db.update(posts).set({ status: "draft" }).where(eq(posts.id, tomatoes.id));
    const next = await loadSnapshot(handle.db, blogId, options, {
      kind: "changed",
      postIds: [tomatoes.id],
      previous: previous.site,
    });
    expect(next?.site.posts.map((p) => p.slug)).toEqual(["compost"]);
  });
});
