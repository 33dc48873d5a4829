import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postsPerPage } from "../../../site-builder/theme/lib/site.ts";
import {
  createBlog,
  createCategory,
  createMember,
  createOwner,
  createPost,
  createPublishedPost,
} from "../../test/factories.ts";
import { startTestApp, type TestApp, type TestClient } from "../../test/harness.ts";
import { createPageCache } from "./page-cache.ts";
import {
  createPublishedIndexes,
  type IndexSource,
  loadPublishedIndex,
  type PublishedIndex,
  patchPublishedIndex,
} from "./published-index.ts";

/** The index as plain values, for comparing two of them. */
const plain = (index: PublishedIndex) => ({
  posts: [...index.posts].sort(),
  redirects: [...index.redirects].sort(),
  gone: [...index.gone].sort(),
  archives: index.archives,
  categories: [...index.categories].sort(([a], [b]) => a.localeCompare(b)),
  author: index.author,
  authors: [...(index.authors ?? [])].sort(),
  moved: [...(index.moved ?? [])].sort(),
});

describe("patching a blog's index from the posts a change names (decision 081)", () => {
  let app: TestApp;
  let owner: TestClient;
  let blogId: string;
  let source: IndexSource;

  beforeAll(async () => {
    app = await startTestApp();
    owner = await createOwner(app);
    blogId = (await createBlog(owner, "Patch Notes")).id;
    const parent = await createCategory(owner, blogId, { name: "Garden" });
    await createCategory(owner, blogId, { name: "Roses", parentId: parent.id });
    for (let i = 0; i < 3; i++) await createPublishedPost(owner, blogId, { title: `Seed ${i}` });
    source = await loadPublishedIndex(app.db, blogId);
  });
  afterAll(() => app.close());

  /** Applies a change, patches the kept source with the posts it names, and compares. */
  async function expectPatchEqualsLoad(postIds: string[]) {
    const before = plain(source.index);
    const patched = await patchPublishedIndex(app.db, blogId, source, postIds);
    // The base is not changed in place (a request may still hold it).
    expect(plain(source.index)).toEqual(before);
    const loaded = await loadPublishedIndex(app.db, blogId);
    expect(plain(patched.index)).toEqual(plain(loaded.index));
    expect([...patched.posts].sort()).toEqual([...loaded.posts].sort());
    source = patched;
    return patched.index;
  }

  it("adds a published post with its category", async () => {
    const roses = (
      await owner.get<{ id: string; slug: string }[]>(`/api/blogs/${blogId}/categories`)
    ).body;
    const child = roses.find((c) => c.slug === "roses");
    const post = await createPublishedPost(owner, blogId, {
      title: "Pruning roses",
      categoryId: child?.id,
    });
    const index = await expectPatchEqualsLoad([post.id]);
    expect(index.posts.has(post.slug)).toBe(true);
    expect(source.posts.get(post.id)?.categoryId).toBe(child?.id);
  });

  it("leaves out another blog's post named by mistake", async () => {
    const otherBlog = (await createBlog(owner, "Elsewhere")).id;
    const stranger = await createPublishedPost(owner, otherBlog, { title: "Not from here" });
    const index = await expectPatchEqualsLoad([stranger.id]);
    expect(index.posts.has(stranger.slug)).toBe(false);
    expect(source.posts.has(stranger.id)).toBe(false);
  });

  it("moves a renamed post's address, keeping the former one as a redirect", async () => {
    const post = await createPublishedPost(owner, blogId, { title: "Watering" });
    source = await patchPublishedIndex(app.db, blogId, source, [post.id]);
    const renamed = await owner.patch(`/api/posts/${post.id}`, { slug: "watering-well" });
    expect(renamed.status).toBe(200);
    const index = await expectPatchEqualsLoad([post.id]);
    expect(index.posts.has("watering-well")).toBe(true);
    expect(index.posts.has(post.slug)).toBe(false);
    expect(index.redirects.has(post.slug)).toBe(true);
  });

  it("gives a slug freed by one post to another in one change, and patches an older base", async () => {
    const mulch = await createPublishedPost(owner, blogId, { title: "Mulch" });
    const bark = await createPublishedPost(owner, blogId, { title: "Bark" });
    source = await patchPublishedIndex(app.db, blogId, source, [mulch.id, bark.id]);
    const base = source;
    const baseIndex = plain(base.index);
    expect((await owner.patch(`/api/posts/${mulch.id}`, { slug: "mulch-old" })).status).toBe(200);
    expect((await owner.patch(`/api/posts/${bark.id}`, { slug: "bark-new" })).status).toBe(200);
    const index = await expectPatchEqualsLoad([mulch.id, bark.id]);
    expect([index.posts.has("mulch-old"), index.posts.has(mulch.slug)]).toEqual([true, false]);
    expect((await owner.patch(`/api/posts/${bark.id}`, { slug: mulch.slug })).status).toBe(200);
    const moved = await expectPatchEqualsLoad([bark.id]);
    expect(moved.posts.has(mulch.slug)).toBe(true);
    expect(source.derived?.slugs?.get(mulch.slug)).toBe(bark.id);
    // A base that is not the newest any more is patched from a copy, and stays as it was.
    const again = await patchPublishedIndex(app.db, blogId, base, [mulch.id, bark.id]);
    expect(plain(again.index)).toEqual(plain((await loadPublishedIndex(app.db, blogId)).index));
    expect(plain(base.index)).toEqual(baseIndex);
  });

  it("drops an unpublished post (410 for its address) and a deleted one", async () => {
    const unpublished = await createPublishedPost(owner, blogId, { title: "Short lived" });
    const deleted = await createPublishedPost(owner, blogId, { title: "Deleted later" });
    source = await patchPublishedIndex(app.db, blogId, source, [unpublished.id, deleted.id]);
    expect(source.index.posts.has(unpublished.slug)).toBe(true);
    expect(
      (await owner.patch(`/api/posts/${unpublished.id}/status`, { status: "draft" })).status,
    ).toBe(200);
    expect((await owner.delete(`/api/posts/${deleted.id}`)).status).toBe(204);
    const index = await expectPatchEqualsLoad([unpublished.id, deleted.id]);
    expect(index.posts.has(unpublished.slug)).toBe(false);
    expect(index.gone.has(unpublished.slug)).toBe(true);
    expect(index.posts.has(deleted.slug)).toBe(false);
  });

  it("knows the page of each author with published posts, and drops it with their last post (decision 368)", async () => {
    const editor = await createMember(app, blogId, "editor");
    const put = await editor.put(`/api/blogs/${blogId}/authors/me`, { name: "Eda Stone" });
    expect(put.status).toBe(200);
    source = await loadPublishedIndex(app.db, blogId);
    expect(source.index.authors?.has("eda-stone")).toBe(false);
    const post = await createPublishedPost(editor, blogId, { title: "By Eda" });
    let index = await expectPatchEqualsLoad([post.id]);
    expect(index.authors?.get("eda-stone")).toBe(0);
    expect(index.authors?.get(index.author)).toBe(index.archives);
    expect((await editor.delete(`/api/posts/${post.id}`)).status).toBe(204);
    index = await expectPatchEqualsLoad([post.id]);
    expect(index.authors?.has("eda-stone")).toBe(false);
  });

  it("leaves a draft out and counts the archive pages of the listing", async () => {
    const draft = await createPost(owner, blogId, { title: "Still a draft" });
    const index = await expectPatchEqualsLoad([draft.id]);
    expect(index.posts.has(draft.slug)).toBe(false);
  });

  it("counts archive pages of the listing and of a category with its ancestors", async () => {
    const categories = (
      await owner.get<{ id: string; slug: string }[]>(`/api/blogs/${blogId}/categories`)
    ).body;
    const roses = categories.find((c) => c.slug === "roses")?.id;
    // Enough posts in one change for a second archive page of the home, of roses and of its parent.
    const ids: string[] = [];
    for (let i = 0; i <= postsPerPage; i++) {
      ids.push(
        (await createPublishedPost(owner, blogId, { title: `Rose ${i}`, categoryId: roses })).id,
      );
    }
    const index = await expectPatchEqualsLoad(ids);
    expect(index.archives).toBeGreaterThan(0);
    expect(index.categories.get("roses")).toBeGreaterThan(0);
    expect(index.categories.get("garden")).toBe(index.categories.get("roses"));
  });
});

describe("the kept indexes patch on a change to some posts", () => {
  const index = (posts: string[]): PublishedIndex => ({
    posts: new Set(posts),
    redirects: new Set(),
    gone: new Set(),
    archives: 1,
    categories: new Map(),
    author: "ada",
  });
  const of = (posts: string[]): IndexSource => ({
    index: index(posts),
    posts: new Map(posts.map((slug) => [slug, { slug, categoryId: null }])),
  });

  function loader(options: { failPatch?: boolean } = {}) {
    const calls = { load: 0, patch: [] as string[][] };
    let published = ["a"];
    return {
      calls,
      publish: (slug: string) => {
        published = [...published, slug];
      },
      loader: {
        load: async () => {
          calls.load++;
          return of(published);
        },
        patch: async (_blogId: string, base: IndexSource, postIds: readonly string[]) => {
          calls.patch.push([...postIds]);
          if (options.failPatch) throw new Error("database busy");
          return of([...base.posts.keys(), ...postIds.filter((id) => published.includes(id))]);
        },
      },
    };
  }

  it("answers the next request from the patched index, without a whole build", async () => {
    const db = loader();
    const indexes = createPublishedIndexes(db.loader, createPageCache());
    expect((await indexes.get("b")).posts.has("a")).toBe(true);
    db.publish("b2");
    indexes.changed("b", ["b2"]);
    // Never the stale index: the hot path waits for the patch.
    expect(indexes.peek("b")).toBeUndefined();
    expect((await indexes.get("b")).posts.has("b2")).toBe(true);
    expect(db.calls).toEqual({ load: 1, patch: [["b2"]] });
    expect(indexes.peek("b")?.posts.has("b2")).toBe(true);
  });

  it("chains a change that comes while a patch runs, and drops the index on a whole change", async () => {
    const db = loader();
    const indexes = createPublishedIndexes(db.loader, createPageCache());
    await indexes.get("b");
    db.publish("c");
    indexes.changed("b", ["c"]);
    db.publish("d");
    indexes.changed("b", ["d"]);
    const index = await indexes.get("b");
    expect([...index.posts].sort()).toEqual(["a", "c", "d"]);
    expect(db.calls.load).toBe(1);
    indexes.changed("b");
    expect(indexes.peek("b")).toBeUndefined();
    await indexes.get("b");
    expect(db.calls.load).toBe(2);
  });

  it("builds whole when a patch fails, and does nothing for a blog it does not keep", async () => {
    const db = loader({ failPatch: true });
    const indexes = createPublishedIndexes(db.loader, createPageCache());
    indexes.changed("b", ["x"]);
    expect(db.calls.patch).toEqual([]);
    await indexes.get("b");
    db.publish("e");
    indexes.changed("b", ["e"]);
    expect((await indexes.get("b")).posts.has("e")).toBe(true);
    expect(db.calls.load).toBe(2);
  });

  it("keeps the age of the index it patched (the safety net for unannounced writes)", async () => {
    let clock = 5000;
    const db = loader();
    const cache = createPageCache({ ttlMs: 1000, now: () => clock });
    const indexes = createPublishedIndexes(db.loader, cache);
    await indexes.get("b");
    clock = 5900;
    indexes.changed("b", ["a"]);
    await indexes.get("b");
    expect(indexes.peek("b")).toBeDefined();
    clock = 6001;
    expect(indexes.peek("b")).toBeUndefined();
  });
});
