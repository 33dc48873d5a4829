import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { limits } from "../../../contracts/limits.ts";
import { first } from "../../db/query.ts";
import { blogs, categories, posts } from "../../db/schema.ts";
import { createBlog, createOwner } from "../../test/factories.ts";
import { startTestApp, type TestApp } from "../../test/harness.ts";

/**
 * Pages stay bounded with the most categories a blog may have (issue 13 finding 12): the
 * sidebar lists top-level categories and the current branch, not the whole tree.
 */
let app: TestApp;
let slug: string;
const topLevel = limits.categoriesPerBlog / 5;

const get = async (path: string) => {
  const res = await fetch(`${app.baseUrl}/blog/${slug}${path}`);
  return { status: res.status, body: await res.text() };
};

beforeAll(async () => {
  app = await startTestApp({ publishing: true });
  const owner = await createOwner(app);
  const blog = await createBlog(owner, "Many Categories");
  slug = blog.slug;
  // 40 top-level categories with 4 subcategories each: the 200 a blog may have.
  const parents = await app.db
    .insert(categories)
    .values(
      Array.from({ length: topLevel }, (_, i) => ({
        blogId: blog.id,
        name: `Topic ${i}`,
        slug: `topic-${i}`,
      })),
    )
    .returning();
  await app.db.insert(categories).values(
    parents.flatMap((parent, i) =>
      Array.from({ length: 4 }, (_, j) => ({
        blogId: blog.id,
        name: `Subtopic ${i}.${j}`,
        slug: `subtopic-${i}-${j}`,
        parentId: parent.id,
      })),
    ),
  );
  const [sub] = await app.db
    .select()
    .from(categories)
    .where(eq(categories.slug, "subtopic-0-0"))
    .limit(1);
  await app.db.insert(posts).values({
    blogId: blog.id,
    title: "Filed deep",
    slug: "filed-deep",
    content: "<p>Body</p>",
    status: "published",
    publishedAt: new Date("2026-05-01T10:00:00Z"),
    categoryId: sub?.id,
  });
  expect(
    (await app.db.select().from(categories).where(eq(categories.blogId, blog.id))).length,
  ).toBe(limits.categoriesPerBlog);
  expect(await first(app.db.select().from(blogs).where(eq(blogs.id, blog.id)))).toBeDefined();
  await app.publishing?.queue.enqueue(blog.id, { full: true });
  await app.publishing?.queue.onIdle();
});
afterAll(() => app.close());

describe("category sidebar with the most categories a blog may have", () => {
  it("lists the top-level categories on the home page, without their subcategories", async () => {
    const home = await get("/");
    expect(home.status).toBe(200);
    for (let i = 0; i < topLevel; i++) expect(home.body).toContain(`>Topic ${i}</a>`);
    expect(home.body).not.toContain("Subtopic 1.");
    // The whole tree made every page ~20 KB larger; bounded, a page stays well under it.
    expect(Buffer.byteLength(home.body)).toBeLessThan(16_000);
  });

  it("opens the current branch on a category page, and only that one", async () => {
    const topic = await get("/category/topic-0");
    expect(topic.status).toBe(200);
    for (let j = 0; j < 4; j++) expect(topic.body).toContain(`Subtopic 0.${j}`);
    expect(topic.body).not.toContain("Subtopic 1.0");
    const sub = await get("/category/subtopic-0-0");
    expect(sub.body).toContain("Filed deep");
    expect(sub.body).toContain("Subtopic 0.3");
    expect(sub.body).not.toContain("Subtopic 1.0");
  });
});
