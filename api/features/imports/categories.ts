import { eq } from "drizzle-orm";
import { addToReport, type ImportReport } from "../../../contracts/imports.ts";
import { limits } from "../../../contracts/limits.ts";
import { slugify } from "../../../contracts/slug.ts";
import type { Queryable } from "../../db/client.ts";
import { blogRedirects, categories } from "../../db/schema.ts";
import type { SourceCategory } from "./source.ts";

/* An import's categories: found or made in the blog, and the source's nested archive addresses. */

/** The categories of the export, reused by slug or created within the blog's caps. */
export async function ensureCategories(
  tx: Queryable,
  blogId: string,
  source: SourceCategory[],
  report: ImportReport,
  countCreated: boolean,
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  const depthOf = new Map<string, number>();
  const existing = await tx.select().from(categories).where(eq(categories.blogId, blogId));
  const bySlug = new Map(existing.map((c) => [c.slug, c]));
  let held = existing.length;
  const byKey = new Map(source.map((c) => [c.key, c]));
  const visit = async (category: SourceCategory, trail: Set<string>): Promise<void> => {
    if (ids.has(category.key) || trail.has(category.key)) return;
    trail.add(category.key);
    const parent = category.parentKey ? byKey.get(category.parentKey) : undefined;
    if (parent) await visit(parent, trail);
    const parentId = parent ? ids.get(parent.key) : undefined;
    const depth = parent ? (depthOf.get(parent.key) ?? 0) + 1 : 1;
    const slug =
      slugify(category.slug || category.name).slice(0, limits.categorySlug) || "category";
    const found = bySlug.get(slug);
    if (found) {
      ids.set(category.key, found.id);
      depthOf.set(category.key, depth);
      return;
    }
    if (held >= limits.categoriesPerBlog) {
      if (countCreated)
        addToReport(report, "skipped", {
          title: `Category ${category.name}`,
          reason: `the blog has ${limits.categoriesPerBlog} categories, the most it may have`,
        });
      return;
    }
    // Deeper than the tree allows: it hangs under the deepest ancestor that fits.
    const placeUnder = depth > limits.categoryDepth ? undefined : parentId;
    const [row] = await tx
      .insert(categories)
      .values({
        blogId,
        name: category.name.slice(0, limits.categoryName) || slug,
        slug,
        parentId: placeUnder ?? (depth > limits.categoryDepth ? (parentId ?? null) : null),
      })
      .returning();
    if (!row) return;
    held++;
    bySlug.set(slug, row);
    ids.set(category.key, row.id);
    depthOf.set(category.key, Math.min(depth, limits.categoryDepth));
    if (countCreated) report.categoriesCreated++;
  };
  for (const category of source) await visit(category, new Set());
  return ids;
}

/**
 * WordPress category archives live at `/category/{parent}/{child}/`; here every category is at
 * `/category/{slug}`: the nested addresses answer 301 to it.
 */
export async function categoryArchiveRedirects(
  tx: Queryable,
  blogId: string,
  source: SourceCategory[],
  ids: Map<string, string>,
): Promise<number> {
  const byKey = new Map(source.map((c) => [c.key, c]));
  const rows = await tx.select().from(categories).where(eq(categories.blogId, blogId));
  const slugOf = new Map(rows.map((c) => [c.id, c.slug]));
  let created = 0;
  for (const category of source) {
    if (!category.parentKey) continue;
    const chain: string[] = [];
    const seen = new Set<string>();
    for (let c: SourceCategory | undefined = category; c && !seen.has(c.key); ) {
      seen.add(c.key);
      chain.unshift(c.slug);
      c = c.parentKey ? byKey.get(c.parentKey) : undefined;
    }
    const id = ids.get(category.key);
    const slug = id ? slugOf.get(id) : undefined;
    if (!slug) continue;
    const inserted = await tx
      .insert(blogRedirects)
      .values({ blogId, fromPath: `/category/${chain.join("/")}`, toPath: `/category/${slug}` })
      .onConflictDoNothing()
      .returning();
    created += inserted.length;
  }
  return created;
}
