import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sanitizerVersion } from "../../content/sanitizer-version.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { affiliateLinks, posts, preparedBodies } from "../../db/schema.ts";
import { openTestDatabase } from "../../test/dialect.ts";
import { insertOwnerAndBlog } from "../../test/factories.ts";
import { loadSnapshot, type SnapshotOptions } from "./snapshot.ts";

let dir: string;
let handle: DatabaseHandle;
let blogId: string;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "blogfleet-prepared-"));
  handle = await openTestDatabase(dir);
  ({ blogId } = await insertOwnerAndBlog(handle.db, {
    name: "Garden",
    slug: "garden",
    subdomain: "garden",
  }));
});
afterEach(async () => {
  await handle.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A fresh process's snapshot (no live one to reuse), counting what it sanitized. */
async function freshSnapshot(options: Partial<SnapshotOptions> = {}) {
  const sanitized: string[] = [];
  const snapshot = await loadSnapshot(handle.db, blogId, {
    canonicalBaseOf: () => "https://garden.blogs.test",
    sanitize: (html) => {
      sanitized.push(html);
      return html.replace("<script>x</script>", "");
    },
    ...options,
  });
  const html = (slug: string) =>
    snapshot?.site.posts.find((p) => p.slug === slug)?.html ?? "(no such post)";
  return { sanitized, html };
}

async function addPost(slug: string, content: string) {
  const [post] = await handle.db
    .insert(posts)
    .values({ blogId, title: slug, slug, content, status: "published", publishedAt: new Date() })
    .returning();
  return post as typeof posts.$inferSelect;
}

describe("stored prepared bodies", () => {
  it("are reused by a fresh snapshot while the post, the links and the sanitizer are unchanged", async () => {
    await addPost("tomatoes", "<p>Tomatoes want sun</p><script>x</script>");
    await addPost("compost", "<p>Compost</p>");
    const first = await freshSnapshot();
    expect(first.sanitized).toHaveLength(2);
    expect(await handle.db.select().from(preparedBodies)).toHaveLength(2);

    const second = await freshSnapshot();
    expect(second.sanitized).toEqual([]);
    expect(second.html("tomatoes")).toBe("<p>Tomatoes want sun</p>");
    expect(second.html("compost")).toBe(first.html("compost"));
  });

  it("are stored by the incremental snapshot that prepared them when it is told to (decision 231)", async () => {
    await addPost("tomatoes", "<p>Tomatoes</p>");
    const options: SnapshotOptions = {
      canonicalBaseOf: () => "https://garden.blogs.test",
      sanitize: (html) => html,
    };
    const previous = await loadSnapshot(handle.db, blogId, options);
    if (!previous) throw new Error("no snapshot");
    const compost = await addPost("compost", "<p>Compost</p>");
    const stored = async () =>
      (await handle.db.select({ postId: preparedBodies.postId }).from(preparedBodies)).map(
        (row) => row.postId,
      );
    const before = await stored();
    const later = await loadSnapshot(handle.db, blogId, options, {
      kind: "changed",
      previous: previous.site,
      postIds: [compost.id],
      storeLater: true,
    });
    expect(later?.site.postsById.get(compost.id)?.html).toBe("<p>Compost</p>");
    expect(await stored()).toEqual(before);
    await later?.storeBodies?.();
    expect((await stored()).sort()).toEqual([...before, compost.id].sort());
    // Without it, stored before the snapshot is returned (and nothing is left to store).
    const tomatoes = previous.site.posts[0]?.id as string;
    await handle.db
      .update(posts)
      .set({ content: "<p>Tomatoes, staked</p>", updatedAt: new Date(Date.now() + 1000) })
      .where(eq(posts.id, tomatoes));
    const now = await loadSnapshot(handle.db, blogId, options, {
      kind: "changed",
      previous: previous.site,
      postIds: [tomatoes],
    });
    expect(now?.storeBodies).toBeUndefined();
    expect((await freshSnapshot()).sanitized).toEqual([]);
  });

  it("are prepared again when the post changes, alone", async () => {
    await addPost("tomatoes", "<p>Tomatoes</p>");
    const compost = await addPost("compost", "<p>Compost</p>");
    await freshSnapshot();
    await handle.db
      .update(posts)
      .set({ content: "<p>Compost, turned</p>", updatedAt: new Date(Date.now() + 1000) })
      .where(eq(posts.id, compost.id));
    const after = await freshSnapshot();
    expect(after.sanitized).toEqual(["<p>Compost, turned</p>"]);
    expect(after.html("compost")).toBe("<p>Compost, turned</p>");
    // And stored over the old one.
    expect((await freshSnapshot()).sanitized).toEqual([]);
  });

  it("are prepared again, every one, when the blog's links change", async () => {
    await addPost("tomatoes", "<p>Tomatoes want sun</p>");
    await addPost("compost", "<p>Compost</p>");
    await freshSnapshot();
    const [link] = await handle.db
      .insert(affiliateLinks)
      .values({ blogId, keyword: "sun", url: "https://shop.example/sun" })
      .returning();
    const after = await freshSnapshot();
    expect(after.sanitized).toHaveLength(2);
    expect(after.html("tomatoes")).toContain(`../go/${link?.id}`);
    expect((await freshSnapshot()).sanitized).toEqual([]);
  });

  it("are prepared again, every one, for another sanitizer version", async () => {
    await addPost("tomatoes", "<p>Tomatoes</p>");
    await addPost("compost", "<p>Compost</p>");
    await freshSnapshot();
    const next = sanitizerVersion + 1;
    expect((await freshSnapshot({ sanitizerVersion: next })).sanitized).toHaveLength(2);
    expect((await freshSnapshot({ sanitizerVersion: next })).sanitized).toEqual([]);
  });

  it("go with their post", async () => {
    const post = await addPost("tomatoes", "<p>Tomatoes</p>");
    await freshSnapshot();
    await handle.db.delete(posts).where(eq(posts.id, post.id));
    expect(await handle.db.select().from(preparedBodies)).toEqual([]);
  });
});
