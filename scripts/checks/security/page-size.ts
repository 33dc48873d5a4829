/**
 * Page size with the most categories a blog may have (issue 13 finding 12): every page of a
 * fully rendered blog with `limits.categoriesPerBlog` categories, laid out two ways (all
 * top-level, the worst case for the sidebar; and 40 topics of 4 subtopics), measured on disk.
 * 600 categories used to make every page carry the whole tree (27–32 MB per full render).
 */
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { categories, posts } from "../../../api/db/schema.ts";
import { createBlog, createOwner } from "../../../api/test/factories.ts";
import { startTestApp } from "../../../api/test/harness.ts";
import { limits } from "../../../contracts/limits.ts";
import type { Figure, SecurityCheck } from "./report.ts";

/** Largest single page. Without categories a page is a few KB; the bounded sidebar adds links. */
const maxPageBytes = 64 * 1024;

function filesUnder(dir: string): { path: string; bytes: number }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [{ path, bytes: statSync(path).size }];
  });
}

type Layout = { name: string; topLevel: number };

async function measure(layout: Layout): Promise<Figure> {
  const app = await startTestApp({ publishing: true });
  try {
    const owner = await createOwner(app);
    const blog = await createBlog(owner, `Categories ${layout.name}`);
    const parents = await app.db
      .insert(categories)
      .values(
        Array.from({ length: layout.topLevel }, (_, i) => ({
          blogId: blog.id,
          name: `Topic number ${i}`,
          slug: `topic-${i}`,
        })),
      )
      .returning();
    const perParent = (limits.categoriesPerBlog - layout.topLevel) / layout.topLevel;
    if (perParent > 0) {
      await app.db.insert(categories).values(
        parents.flatMap((parent, i) =>
          Array.from({ length: perParent }, (_, j) => ({
            blogId: blog.id,
            name: `Subtopic number ${i}.${j}`,
            slug: `subtopic-${i}-${j}`,
            parentId: parent.id,
          })),
        ),
      );
    }
    // A post in every top-level category, so every listing has content.
    await app.db.insert(posts).values(
      parents.map((parent, i) => ({
        blogId: blog.id,
        title: `Post ${i}`,
        slug: `post-${i}`,
        content: "<p>A short post.</p>",
        status: "published" as const,
        publishedAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
        categoryId: parent.id,
      })),
    );
    const publishing = app.publishing;
    if (!publishing) throw new Error("publishing is off");
    await publishing.queue.enqueue(blog.id, { full: true });
    await publishing.queue.onIdle();
    const dir = await publishing.output.currentDir(blog.id);
    if (!dir) throw new Error("no rendered site");
    const pages = filesUnder(dir).filter((f) => f.path.endsWith(".html"));
    const total = filesUnder(dir).reduce((sum, f) => sum + f.bytes, 0);
    const largest = pages.reduce((a, b) => (b.bytes > a.bytes ? b : a));
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    return {
      name: `page size, ${limits.categoriesPerBlog} categories (${layout.name})`,
      text: `largest page ${kb(largest.bytes)} (${largest.path.slice(dir.length + 1)}), ${pages.length} pages, full render ${kb(total)} (limit ${kb(maxPageBytes)} per page)`,
      ok: largest.bytes <= maxPageBytes,
    };
  } finally {
    await app.close();
  }
}

export const pageSizeCheck: SecurityCheck = {
  name: "page size",
  async run() {
    return [
      await measure({ name: "all top-level", topLevel: limits.categoriesPerBlog }),
      await measure({ name: "40 topics of 4 subtopics", topLevel: limits.categoriesPerBlog / 5 }),
    ];
  },
};
