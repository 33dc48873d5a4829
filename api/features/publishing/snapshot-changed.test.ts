import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Site } from "../../../site-builder/theme/lib/site.ts";
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

describe("an incremental snapshot's posts by id and by slug (decision 230)", () => {
  /** A snapshot's list and maps as plain values, for comparing two of them. */
  const contents = (site: Site) => ({
    posts: site.posts.map((p) => p.id),
    byId: [...site.postsById].map(([id, p]) => [id, p.slug]).sort(),
    bySlug: [...site.postsBySlug].map(([slug, p]) => [slug, p.id]).sort(),
  });

  it("are a full snapshot's, and the snapshot it came from keeps its own", async () => {
    const tomatoes = await addPost(blogId, "tomatoes");
    const beans = await addPost(blogId, "beans");
    const leeks = await addPost(blogId, "leeks");
    const first = await loadSnapshot(handle.db, blogId, options);
    if (!first) throw new Error("no snapshot");
    const firstContents = contents(first.site);

    // A rename that frees a slug another post takes in the same change, an unpublished post,
    // and a new one.
    await handle.db.update(posts).set({ slug: "tomatoes-2" }).where(eq(posts.id, tomatoes.id));
    await handle.db.update(posts).set({ slug: "tomatoes" }).where(eq(posts.id, beans.id));
    await handle.db.update(posts).set({ status: "draft" }).where(eq(posts.id, leeks.id));
    const peas = await addPost(blogId, "peas");
    const second = await loadSnapshot(handle.db, blogId, options, {
      kind: "changed",
      postIds: [tomatoes.id, beans.id, leeks.id, peas.id],
      previous: first.site,
    });
    if (!second) throw new Error("no snapshot");
    const whole = await loadSnapshot(handle.db, blogId, options);
    if (!whole) throw new Error("no snapshot");
    expect(contents(second.site)).toEqual(contents(whole.site));
    expect(second.site.postsBySlug.get("tomatoes")?.id).toBe(beans.id);
    expect(second.site.postsBySlug.has("leeks")).toBe(false);
    // The snapshot a run may still be drawing cards from answers as it did.
    expect(contents(first.site)).toEqual(firstContents);
    expect(first.site.postsBySlug.get("tomatoes")?.id).toBe(tomatoes.id);
    expect(first.site.postsById.get(peas.id)).toBeUndefined();

    // Another snapshot from the first one (not the newest any more), and one from the second.
    const again = await loadSnapshot(handle.db, blogId, options, {
      kind: "changed",
      postIds: [peas.id],
      previous: first.site,
    });
    await handle.db.update(posts).set({ status: "draft" }).where(eq(posts.id, peas.id));
    const third = await loadSnapshot(handle.db, blogId, options, {
      kind: "changed",
      postIds: [peas.id],
      previous: second.site,
    });
    const wholeAgain = await loadSnapshot(handle.db, blogId, options);
    if (!again || !third || !wholeAgain) throw new Error("no snapshot");
    expect(again.site.postsById.has(peas.id)).toBe(true);
    expect(contents(first.site)).toEqual(firstContents);
    expect(contents(second.site)).toEqual(contents(whole.site));
    expect(contents(third.site)).toEqual(contents(wholeAgain.site));
  });
});
