import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { type Database, openDatabase } from "../../api/db/client.ts";
import { blogs, categories, posts, users } from "../../api/db/schema.ts";
import { slugify } from "../../contracts/slug.ts";

export type CorpusPost = {
  title: string;
  slug: string;
  excerpt: string;
  category: string;
  publishedAt: string;
  keywords: string[];
  contentHtml: string;
};

/** The shared benchmark anchors (corpus generator, Hugo baseline), kept beside the repository. */
export const sharedBenchDir = resolve("../shared/bench");

/**
 * Posts from the shared corpus generator (`corpus.mjs` in `sharedBenchDir`), `count` of them. With
 * `keepIn`, its files stay there (posts.json, and markdown/ for other generators such as Hugo).
 */
export function corpus(count: number, keepIn?: string): CorpusPost[] {
  const dir = keepIn ?? mkdtempSync(join(tmpdir(), "blogfleet-corpus-"));
  try {
    execFileSync(process.execPath, [join(sharedBenchDir, "corpus.mjs"), dir, String(count)], {
      stdio: "ignore",
    });
    return JSON.parse(readFileSync(join(dir, "posts.json"), "utf8")) as CorpusPost[];
  } finally {
    if (!keepIn) rmSync(dir, { recursive: true, force: true });
  }
}

/** The bench's owner and a blog "Bench" of theirs, written straight to the database. */
export async function insertBenchBlog(db: Database) {
  const [owner] = await db.insert(users).values({ email: "bench@example.com" }).returning();
  const ownerId = owner?.id as string;
  const [blog] = await db
    .insert(blogs)
    .values({ ownerId, name: "Bench", slug: "bench", subdomain: "bench" })
    .returning();
  return { ownerId, blogId: blog?.id as string };
}

/**
 * A temp database with one owner and one blog holding the corpus as published posts (`items`:
 * posts already generated, default a fresh corpus of `count`).
 */
export async function seededDatabase(
  dir: string,
  count: number,
  ownerId?: string,
  items?: CorpusPost[],
) {
  const handle = await openDatabase(`file:${join(dir, "bench.db")}`);
  const owner =
    ownerId ??
    (
      await handle.db
        .insert(users)
        .values({ email: "bench@example.com", firstName: "Bench" })
        .returning()
    )[0]?.id;
  const [blog] = await handle.db
    .insert(blogs)
    .values({
      ownerId: owner as string,
      name: "Garden Bench",
      slug: `garden-${count}`,
      subdomain: `garden-${count}`,
    })
    .returning();
  const blogId = blog?.id as string;
  await seedPosts(handle.db, blogId, owner as string, count, items);
  return { handle, blogId, ownerId: owner as string };
}

export async function seedPosts(
  db: Awaited<ReturnType<typeof openDatabase>>["db"],
  blogId: string,
  authorId: string,
  count: number,
  items: CorpusPost[] = corpus(count),
) {
  const names = [...new Set(items.map((p) => p.category))];
  const categoryRows = await db
    .insert(categories)
    .values(names.map((name) => ({ blogId, name, slug: slugify(name) })))
    .returning();
  const categoryId = new Map(categoryRows.map((c) => [c.name, c.id]));
  await db.transaction(async (tx) => {
    for (let i = 0; i < items.length; i += 200) {
      await tx.insert(posts).values(
        items.slice(i, i + 200).map((p) => ({
          blogId,
          authorId,
          title: p.title,
          slug: p.slug,
          excerpt: p.excerpt,
          content: p.contentHtml,
          keywords: p.keywords,
          categoryId: categoryId.get(p.category) ?? null,
          status: "published" as const,
          publishedAt: new Date(p.publishedAt),
          createdAt: new Date(p.publishedAt),
        })),
      );
    }
  });
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};
export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
};
