import { and, asc, eq, sql } from "drizzle-orm";
import type { CreateCategoryInput, UpdateCategoryInput } from "../../../contracts/categories.ts";
import { limits } from "../../../contracts/limits.ts";
import type { Database, Queryable } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { first } from "../../db/query.ts";
import { categories, posts } from "../../db/schema.ts";
import { Conflict, NotFound } from "../../http/errors.ts";
import { blogFor, rowFor } from "../members/access.ts";
import type { ContentEvents } from "../publishing/content-events.ts";
import { withOutbox } from "../publishing/outbox.ts";

export type CategoryRow = typeof categories.$inferSelect;
export type CategoryWithCount = CategoryRow & { postCount: number };

export type CategoryDeps = { db: Database; contentEvents: ContentEvents };

/** Posts of any status filed directly under the category (not under its subcategories). */
// Written out with table names: drizzle leaves them off in single-table selects, and inside the
// subquery a bare "id" would be the post's. Served by posts_category_idx.
const postCount = sql<number>`(select count(*) from ${posts} where ${posts}.category_id = ${categories}.id)`;

const categoryColumns = {
  id: categories.id,
  blogId: categories.blogId,
  name: categories.name,
  slug: categories.slug,
  parentId: categories.parentId,
  createdAt: categories.createdAt,
  updatedAt: categories.updatedAt,
};

async function withPostCount(db: Queryable, category: CategoryRow): Promise<CategoryWithCount> {
  const row = await first(
    db.select({ postCount }).from(categories).where(eq(categories.id, category.id)),
  );
  return { ...category, postCount: row?.postCount ?? 0 };
}

/** A blog's categories in name order; the client builds the tree from `parentId`. */
export async function listCategories(
  db: Database,
  userId: string,
  blogId: string,
): Promise<CategoryWithCount[]> {
  // Everyone on the blog's team files posts under them.
  await blogFor(db, userId, blogId, "posts.write");
  return db
    .select({ ...categoryColumns, postCount })
    .from(categories)
    .where(eq(categories.blogId, blogId))
    .orderBy(asc(sql`lower(${categories.name})`), asc(categories.createdAt));
}

/** A parent must be a category of the same blog; anything else answers like a missing one. */
async function checkedParent(tx: Queryable, blogId: string, parentId: string): Promise<string> {
  const parent = await first(
    tx
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.id, parentId), eq(categories.blogId, blogId))),
  );
  if (!parent) throw NotFound("Parent category");
  return parent.id;
}

/** Each category of the blog → its parent (the tree, for depth and cycle checks). */
async function parentsOf(tx: Queryable, blogId: string): Promise<Map<string, string | null>> {
  const rows = await tx
    .select({ id: categories.id, parentId: categories.parentId })
    .from(categories)
    .where(eq(categories.blogId, blogId));
  return new Map(rows.map((c) => [c.id, c.parentId]));
}

/** The level of a category (top-level = 1), guarding against cycles in bad data. */
function levelOf(parentOf: Map<string, string | null>, id: string): number {
  let level = 0;
  const seen = new Set<string>();
  for (let at: string | null | undefined = id; at && !seen.has(at); at = parentOf.get(at)) {
    seen.add(at);
    level++;
  }
  return level;
}

/** Levels of the branch under `id`, itself included (a leaf has 1). */
function heightOf(parentOf: Map<string, string | null>, id: string): number {
  const children = new Map<string, string[]>();
  for (const [child, parent] of parentOf) {
    if (parent) children.set(parent, [...(children.get(parent) ?? []), child]);
  }
  let height = 0;
  let level = [id];
  const seen = new Set<string>();
  while (level.length > 0 && height <= parentOf.size) {
    height++;
    level = level.flatMap((at) => children.get(at) ?? []).filter((c) => !seen.has(c));
    for (const c of level) seen.add(c);
  }
  return height;
}

/** Like a move into its own branch, a parent too deep conflicts with the tree as it is: 409. */
const tooDeep = () =>
  Conflict(
    `Categories can be nested ${limits.categoryDepth} levels deep at most. Choose a parent higher up in the tree.`,
    "category_too_deep",
  );

const slugTaken = (slug: string) =>
  Conflict(
    `A category with the slug "${slug}" already exists in this blog. Choose a different slug.`,
    "slug_taken",
  );

export async function createCategory(
  deps: CategoryDeps,
  userId: string,
  input: CreateCategoryInput,
): Promise<CategoryWithCount> {
  let created: CategoryRow;
  try {
    created = await withOutbox(deps.db, deps.contentEvents, async (tx, record) => {
      const { blog } = await blogFor(tx, userId, input.blogId, "categories.manage");
      const parentId = input.parentId ? await checkedParent(tx, blog.id, input.parentId) : null;
      const parentOf = await parentsOf(tx, blog.id);
      if (parentOf.size >= limits.categoriesPerBlog) {
        throw Conflict(
          `This blog has reached the limit of ${limits.categoriesPerBlog} categories. Delete or merge categories before adding more.`,
          "limit_reached",
        );
      }
      if (parentId && levelOf(parentOf, parentId) + 1 > limits.categoryDepth) throw tooDeep();
      const existing = await first(
        tx
          .select({ id: categories.id })
          .from(categories)
          .where(and(eq(categories.blogId, blog.id), eq(categories.slug, input.slug))),
      );
      if (existing) throw slugTaken(input.slug);
      const [row] = await tx
        .insert(categories)
        .values({ blogId: blog.id, name: input.name, slug: input.slug, parentId })
        .returning();
      if (!row) throw new Error("insert returned no row");
      await record(row.blogId, { full: true });
      return row;
    });
  } catch (error) {
    throw isUniqueViolation(error) ? slugTaken(input.slug) : error;
  }
  return { ...created, postCount: 0 };
}

/**
 * Renames and, with `parentId`, moves a category. A move under itself or one of its own
 * descendants would cut the branch off the tree: 409.
 */
export async function updateCategory(
  deps: CategoryDeps,
  userId: string,
  categoryId: string,
  input: UpdateCategoryInput,
): Promise<CategoryWithCount> {
  const category = await withOutbox(deps.db, deps.contentEvents, async (tx, record) => {
    const before = await rowFor(
      tx,
      userId,
      await first(tx.select().from(categories).where(eq(categories.id, categoryId))),
      "Category",
      "categories.manage",
    );
    const changes: Partial<typeof categories.$inferInsert> = {};
    if (input.name !== undefined && input.name !== before.name) changes.name = input.name;
    if (input.parentId !== undefined && input.parentId !== before.parentId) {
      if (input.parentId !== null) {
        const parentId = await checkedParent(tx, before.blogId, input.parentId);
        const parentOf = await parentsOf(tx, before.blogId);
        const seen = new Set<string>();
        for (let at: string | null | undefined = parentId; at; at = parentOf.get(at)) {
          if (at === before.id || seen.has(at)) {
            throw Conflict(
              "A category cannot be moved under itself or one of its own subcategories.",
              "category_cycle",
            );
          }
          seen.add(at);
        }
        if (levelOf(parentOf, parentId) + heightOf(parentOf, before.id) > limits.categoryDepth) {
          throw tooDeep();
        }
      }
      changes.parentId = input.parentId;
    }
    if (Object.keys(changes).length === 0) return before;
    const [after] = await tx
      .update(categories)
      .set(changes)
      .where(eq(categories.id, before.id))
      .returning();
    if (!after) throw new Error("update returned no row");
    await record(after.blogId, { full: true });
    return after;
  });
  return withPostCount(deps.db, category);
}

/**
 * Deletes a category in one transaction: its children move up to its parent (or become
 * top-level) and its posts become uncategorized; nothing else is deleted.
 */
export async function deleteCategory(
  deps: CategoryDeps,
  userId: string,
  categoryId: string,
): Promise<void> {
  await withOutbox(deps.db, deps.contentEvents, async (tx, record) => {
    const category = await rowFor(
      tx,
      userId,
      await first(tx.select().from(categories).where(eq(categories.id, categoryId))),
      "Category",
      "categories.manage",
    );
    await tx
      .update(categories)
      .set({ parentId: category.parentId })
      .where(eq(categories.parentId, category.id));
    await tx
      .update(posts)
      .set({ categoryId: null, version: sql`${posts.version} + 1` })
      .where(eq(posts.categoryId, category.id));
    await tx.delete(categories).where(eq(categories.id, category.id));
    await record(category.blogId, { full: true });
  });
}
