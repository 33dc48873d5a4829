import { describe, expect, it } from "vitest";
import type { Category } from "../../../contracts/categories.ts";
import { testAppForFile } from "../../test/app-per-file.ts";
import { recordContentEvents } from "../../test/content-events.ts";
import {
  createBlog,
  createCategory,
  createMember,
  createPost,
  createPublishedPost,
} from "../../test/factories.ts";
import type { TestClient } from "../../test/harness.ts";

const { events: recorder, changesOf } = recordContentEvents();

const { app, newOwner, ownerWithBlog } = testAppForFile({ contentEvents: recorder });

const list = async (owner: TestClient, blogId: string): Promise<Category[]> =>
  (await owner.get(`/api/blogs/${blogId}/categories`)).body;

describe("creating categories", () => {
  it("creates a category with a normalized slug", async () => {
    const { owner, blogId } = await ownerWithBlog();
    const res = await owner.post("/api/categories", {
      blogId,
      name: "  Trail Running ",
      slug: " Trail Running & Hiking ",
      parentId: null,
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[0-9a-z]{20}$/),
      blogId,
      name: "Trail Running",
      slug: "trail-running-hiking",
      parentId: null,
      postCount: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(await list(owner, blogId)).toEqual([res.body]);
  });

  it("lists every validation problem at once", async () => {
    const { owner, blogId } = await ownerWithBlog();
    const empty = await owner.post("/api/categories", {});
    expect(empty.status).toBe(400);
    expect(empty.body.issues).toEqual([
      { path: "blogId", message: "Required" },
      { path: "name", message: "Name is required" },
      { path: "slug", message: "Slug is required" },
    ]);
    const blank = await owner.post("/api/categories", { blogId, name: " ", slug: "  " });
    expect(blank.body.issues).toEqual([
      { path: "name", message: "Name is required" },
      { path: "slug", message: "Slug is required" },
    ]);
    const symbols = await owner.post("/api/categories", { blogId, name: "x", slug: "!!!" });
    expect(symbols.body.issues).toEqual([
      { path: "slug", message: "Slug must contain letters or numbers" },
    ]);
    const long = await owner.post("/api/categories", {
      blogId,
      name: "n".repeat(101),
      slug: "s".repeat(201),
    });
    expect(long.body.issues).toEqual([
      { path: "name", message: "String must contain at most 100 character(s)" },
      { path: "slug", message: "String must contain at most 200 character(s)" },
    ]);
    expect(await list(owner, blogId)).toEqual([]);
  });

  it("keeps slugs unique per blog (409), not across blogs", async () => {
    const { owner, blogId } = await ownerWithBlog();
    await createCategory(owner, blogId, { name: "News", slug: "news" });
    const taken = await owner.post("/api/categories", { blogId, name: "Other", slug: "NEWS" });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({
      code: "slug_taken",
      message:
        'A category with the slug "news" already exists in this blog. Choose a different slug.',
    });
    const other = await createBlog(owner);
    expect((await createCategory(owner, other.id, { name: "News", slug: "news" })).slug).toBe(
      "news",
    );
  });

  it("takes a parent only from the same blog, else 404", async () => {
    const { owner, blogId } = await ownerWithBlog();
    const parent = await createCategory(owner, blogId);
    const child = await createCategory(owner, blogId, { parentId: parent.id });
    expect(child.parentId).toBe(parent.id);

    const otherBlog = await createBlog(owner);
    const elsewhere = await createCategory(owner, otherBlog.id);
    const { owner: stranger, blogId: strangerBlog } = await ownerWithBlog();
    const foreign = await createCategory(stranger, strangerBlog);
    for (const parentId of [elsewhere.id, foreign.id, "doesnotexist00000000"]) {
      const res = await owner.post("/api/categories", { blogId, name: "x", slug: "x", parentId });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: "not_found", message: "Parent category not found" });
    }
    expect((await list(owner, blogId)).map((c) => c.id).sort()).toEqual(
      [parent.id, child.id].sort(),
    );
  });

  it("refuses another owner's blog with 404", async () => {
    const { owner } = await ownerWithBlog();
    const { blogId } = await ownerWithBlog();
    const res = await owner.post("/api/categories", { blogId, name: "x", slug: "x" });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: "not_found", message: "Blog not found" });
    expect((await owner.get(`/api/blogs/${blogId}/categories`)).status).toBe(404);
  });
});

describe("listing categories", () => {
  it("lists by name with the real number of posts filed directly under each", async () => {
    const { owner, blogId } = await ownerWithBlog();
    const zebra = await createCategory(owner, blogId, { name: "zebra" });
    const apple = await createCategory(owner, blogId, { name: "Apple" });
    const mango = await createCategory(owner, blogId, { name: "mango", parentId: apple.id });
    await createPost(owner, blogId, { categoryId: apple.id });
    await createPublishedPost(owner, blogId, { categoryId: apple.id });
    await createPost(owner, blogId, { categoryId: mango.id });
    await createPost(owner, blogId);
    const rows = await list(owner, blogId);
    expect(rows.map((c) => [c.name, c.postCount])).toEqual([
      ["Apple", 2],
      ["mango", 1],
      ["zebra", 0],
    ]);
    expect(rows.find((c) => c.id === zebra.id)?.parentId).toBeNull();
  });
});

describe("renaming and moving categories", () => {
  it("renames (name only: the slug stays, so URLs stay)", async () => {
    const { owner, blogId } = await ownerWithBlog();
    const category = await createCategory(owner, blogId, { name: "Old", slug: "old" });
    await createPost(owner, blogId, { categoryId: category.id });
    const res = await owner.patch(`/api/categories/${category.id}`, {
      name: "  New name ",
      slug: "ignored",
      blogId: "ignored",
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ...category,
      name: "New name",
      postCount: 1,
      updatedAt: expect.any(String),
    });
    const blank = await owner.patch(`/api/categories/${category.id}`, { name: "  " });
    expect(blank.status).toBe(400);
    expect(blank.body.issues).toEqual([{ path: "name", message: "Name is required" }]);
  });

  it("moves a node with parentId and refuses cycles with 409", async () => {
    const { owner, blogId } = await ownerWithBlog();
    const a = await createCategory(owner, blogId, { name: "A" });
    const b = await createCategory(owner, blogId, { name: "B", parentId: a.id });
    const c = await createCategory(owner, blogId, { name: "C", parentId: b.id });
    for (const parentId of [c.id, b.id, a.id]) {
      const res = await owner.patch(`/api/categories/${a.id}`, { parentId });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        code: "category_cycle",
        message: "A category cannot be moved under itself or one of its own subcategories.",
      });
    }
    const toRoot = await owner.patch(`/api/categories/${c.id}`, { parentId: null });
    expect(toRoot.body.parentId).toBeNull();
    const underC = await owner.patch(`/api/categories/${a.id}`, { parentId: c.id });
    expect(underC.status).toBe(200);
    expect(underC.body.parentId).toBe(c.id);

    const otherBlog = await createBlog(owner);
    const elsewhere = await createCategory(owner, otherBlog.id);
    const foreign = await owner.patch(`/api/categories/${b.id}`, { parentId: elsewhere.id });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe("Parent category not found");
  });

  it("answers another owner's category with 404 and changes nothing", async () => {
    const { owner, blogId } = await ownerWithBlog();
    const stranger = await newOwner();
    const category = await createCategory(owner, blogId);
    expect((await stranger.patch(`/api/categories/${category.id}`, { name: "x" })).status).toBe(
      404,
    );
    expect((await stranger.delete(`/api/categories/${category.id}`)).status).toBe(404);
    expect(await list(owner, blogId)).toEqual([category]);
  });
});

describe("deleting categories", () => {
  it("moves children up to the parent and uncategorizes the posts, in one go", async () => {
    const { owner, blogId } = await ownerWithBlog();
    const root = await createCategory(owner, blogId, { name: "Root" });
    const middle = await createCategory(owner, blogId, { name: "Middle", parentId: root.id });
    const leaf1 = await createCategory(owner, blogId, { name: "Leaf 1", parentId: middle.id });
    const leaf2 = await createCategory(owner, blogId, { name: "Leaf 2", parentId: middle.id });
    const inMiddle = await createPost(owner, blogId, { categoryId: middle.id });
    const inLeaf = await createPost(owner, blogId, { categoryId: leaf1.id });

    const res = await owner.delete(`/api/categories/${middle.id}`);
    expect(res.status).toBe(204);
    const rows = await list(owner, blogId);
    expect(rows.map((c) => [c.name, c.parentId])).toEqual([
      ["Leaf 1", root.id],
      ["Leaf 2", root.id],
      ["Root", null],
    ]);
    expect(rows.find((c) => c.id === leaf2.id)?.postCount).toBe(0);
    expect((await owner.get(`/api/posts/${inMiddle.id}`)).body.categoryId).toBeNull();
    expect((await owner.get(`/api/posts/${inLeaf.id}`)).body.categoryId).toBe(leaf1.id);

    // Deleting a top-level category makes its children top-level.
    await owner.delete(`/api/categories/${root.id}`);
    expect((await list(owner, blogId)).map((c) => c.parentId)).toEqual([null, null]);
    expect((await owner.delete(`/api/categories/${root.id}`)).status).toBe(404);
  });
});

describe("content events", () => {
  it("re-renders the whole blog on create, rename, move and delete, not on no-ops", async () => {
    const { owner, blogId } = await ownerWithBlog();
    const parent = await createCategory(owner, blogId, { name: "Parent" });
    const category = await createCategory(owner, blogId, { name: "Child" });
    await owner.patch(`/api/categories/${category.id}`, { name: "Child" });
    expect(changesOf(blogId)).toHaveLength(2);
    await owner.patch(`/api/categories/${category.id}`, { name: "Renamed" });
    await owner.patch(`/api/categories/${category.id}`, { parentId: parent.id });
    await owner.delete(`/api/categories/${category.id}`);
    expect(changesOf(blogId)).toEqual(Array.from({ length: 5 }, () => ({ full: true })));
  });
});

describe("categories on a blog's team (decision 366)", () => {
  it("let an editor manage them; writers and contributors file posts under them, no more", async () => {
    const { owner, blogId } = await ownerWithBlog();
    const category = await createCategory(owner, blogId, { name: "Gear" });
    const editor = await createMember(app(), blogId, "editor");
    const made = await editor.post("/api/categories", { blogId, name: "Trails", slug: "trails" });
    expect(made.status).toBe(201);
    expect((await editor.patch(`/api/categories/${category.id}`, { name: "Kit" })).status).toBe(
      200,
    );
    for (const role of ["writer", "contributor"] as const) {
      const member = await createMember(app(), blogId, role);
      expect((await list(member, blogId)).map((c) => c.name).sort()).toEqual(["Kit", "Trails"]);
      const refused = await member.post("/api/categories", { blogId, name: "Mine", slug: "mine" });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: "role_forbidden" });
      expect((await member.patch(`/api/categories/${category.id}`, { name: "Mine" })).status).toBe(
        403,
      );
      expect((await member.delete(`/api/categories/${category.id}`)).status).toBe(403);
    }
    // Nothing a refused member sent was saved.
    expect((await list(owner, blogId)).map((c) => c.name).sort()).toEqual(["Kit", "Trails"]);
  });

  it("answer a member of another blog as if the blog and its categories did not exist", async () => {
    const { owner, blogId } = await ownerWithBlog();
    const category = await createCategory(owner, blogId, { name: "Gear" });
    const { blogId: otherBlog } = await ownerWithBlog();
    const outsider = await createMember(app(), otherBlog, "editor");
    expect((await outsider.get(`/api/blogs/${blogId}/categories`)).status).toBe(404);
    const renamed = await outsider.patch(`/api/categories/${category.id}`, { name: "Mine" });
    expect(renamed.status).toBe(404);
    expect(renamed.body).toMatchObject({ message: "Category not found" });
    expect((await outsider.delete(`/api/categories/${category.id}`)).status).toBe(404);
  });
});
