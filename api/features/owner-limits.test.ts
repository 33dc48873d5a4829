import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { limits, maxAffiliateLinksPerBlog } from "../../contracts/limits.ts";
import { first } from "../db/query.ts";
import { affiliateLinks, blogs, categories, posts, users } from "../db/schema.ts";
import { createBlog, createCategory, createOwner } from "../test/factories.ts";
import { startTestApp, type TestApp, type TestClient } from "../test/harness.ts";

/** Caps per owner and per blog (issue 13 finding 12, docs/decisions/066). */
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ publishing: true, env: { BLOG_DOMAIN: "blogs.test" } });
});
afterAll(() => app.close());

async function ownerWithBlog(): Promise<{ owner: TestClient; ownerId: string; blogId: string }> {
  const email = `cap-${Math.random().toString(36).slice(2)}@example.com`;
  const owner = await createOwner(app, email);
  const user = await first(app.db.select().from(users).where(eq(users.email, email)));
  const blog = await createBlog(owner);
  return { owner, ownerId: user?.id as string, blogId: blog.id };
}

/** Rows inserted straight into the database, `size` per statement. */
async function insertMany<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>, size = 400) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

describe("caps per owner and per blog", () => {
  it(`refuses an owner's blog past ${limits.blogsPerOwner} with 409`, async () => {
    const { owner, ownerId } = await ownerWithBlog();
    await insertMany(
      Array.from({ length: limits.blogsPerOwner - 2 }, (_, i) => ({
        ownerId,
        name: `Filler ${i}`,
        slug: `filler-${ownerId}-${i}`.toLowerCase(),
      })),
      (chunk) => app.db.insert(blogs).values(chunk),
    );
    expect((await owner.post("/api/blogs", { name: "The last one" })).status).toBe(201);
    const refused = await owner.post("/api/blogs", { name: "One too many" });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("limit_reached");
    expect(refused.body.message).toBe(
      `You have reached the limit of ${limits.blogsPerOwner} blogs. Delete a blog you no longer need before creating another.`,
    );
    // Another owner is not affected.
    const other = await createOwner(app);
    expect((await other.post("/api/blogs", { name: "Fresh start" })).status).toBe(201);
  });

  it(`refuses a post past ${limits.postsPerBlog} in one blog with 409`, async () => {
    const { owner, blogId } = await ownerWithBlog();
    await app.db.transaction(async (tx) => {
      await insertMany(
        Array.from({ length: limits.postsPerBlog - 1 }, (_, i) => ({
          blogId,
          title: `Filler ${i}`,
          slug: `filler-${i}`,
        })),
        (chunk) => tx.insert(posts).values(chunk),
      );
    });
    expect((await owner.post("/api/posts", { blogId, title: "The last one" })).status).toBe(201);
    const refused = await owner.post("/api/posts", { blogId, title: "One too many" });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("limit_reached");
    expect(refused.body.message).toBe(
      "This blog has reached the limit of 20,000 posts. Delete posts you no longer need before adding more.",
    );
  });

  it(`refuses a category past ${limits.categoriesPerBlog} in one blog with 409`, async () => {
    const { owner, blogId } = await ownerWithBlog();
    await insertMany(
      Array.from({ length: limits.categoriesPerBlog - 1 }, (_, i) => ({
        blogId,
        name: `Filler ${i}`,
        slug: `filler-${i}`,
      })),
      (chunk) => app.db.insert(categories).values(chunk),
    );
    await createCategory(owner, blogId, { name: "The last one" });
    const refused = await owner.post("/api/categories", {
      blogId,
      name: "One too many",
      slug: "one-too-many",
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("limit_reached");
    expect(refused.body.message).toBe(
      `This blog has reached the limit of ${limits.categoriesPerBlog} categories. Delete or merge categories before adding more.`,
    );
  });

  it(`keeps the category tree ${limits.categoryDepth} levels deep, on create and on move (409)`, async () => {
    const { owner, blogId } = await ownerWithBlog();
    let parentId: string | null = null;
    const chain: string[] = [];
    for (let level = 1; level <= limits.categoryDepth; level++) {
      const created = await createCategory(owner, blogId, { name: `Level ${level}`, parentId });
      chain.push(created.id);
      parentId = created.id;
    }
    const tooDeep = await owner.post("/api/categories", {
      blogId,
      name: "Level 6",
      slug: "level-6",
      parentId,
    });
    expect(tooDeep.status).toBe(409);
    expect(tooDeep.body).toMatchObject({
      code: "category_too_deep",
      message: `Categories can be nested ${limits.categoryDepth} levels deep at most. Choose a parent higher up in the tree.`,
    });
    // A branch of two levels moved under level 4 would reach level 6.
    const branch = await createCategory(owner, blogId, { name: "Branch" });
    await createCategory(owner, blogId, { name: "Leaf", parentId: branch.id });
    const moved = await owner.patch(`/api/categories/${branch.id}`, { parentId: chain[3] });
    expect(moved.status).toBe(409);
    expect(moved.body.code).toBe("category_too_deep");
    expect((await owner.patch(`/api/categories/${branch.id}`, { parentId: chain[2] })).status).toBe(
      200,
    );
  });

  it(`refuses an affiliate link past ${maxAffiliateLinksPerBlog} in one blog with 409`, async () => {
    const { owner, blogId } = await ownerWithBlog();
    await insertMany(
      Array.from({ length: maxAffiliateLinksPerBlog - 1 }, (_, i) => ({
        blogId,
        keyword: `filler ${i}`,
        url: "https://shop.example.com/item",
        autoInsert: false,
      })),
      (chunk) => app.db.insert(affiliateLinks).values(chunk),
    );
    const link = (keyword: string) =>
      owner.post("/api/affiliate-links", {
        blogId,
        keyword,
        url: "https://shop.example.com/last",
        autoInsert: false,
      });
    expect((await link("the last one")).status).toBe(201);
    const refused = await link("one too many");
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("limit_reached");
    expect(refused.body.message).toBe(
      `This blog has reached the limit of ${maxAffiliateLinksPerBlog} affiliate links. Delete links you no longer use before adding more.`,
    );
  });
});
