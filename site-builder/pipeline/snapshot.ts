import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../../api/db/client.ts";
import { blogs, categories, postSlugHistory, posts, users } from "../../api/db/schema.ts";
import { buildSite, type Site } from "../theme/lib/site.ts";

export type SnapshotOptions = {
  /** Absolute URL of the blog's home on its canonical host (no trailing slash). */
  canonicalBaseOf: (blog: typeof blogs.$inferSelect) => string;
  /** Owner HTML is stored as written and sanitized here, before readers ever get it. */
  sanitize: (html: string) => string;
  /** Further transformation of a post's HTML at render time (affiliate links). */
  transformHtml?: (html: string, post: { id: string; blogId: string }) => string;
};

export type SiteSnapshot = { site: Site; blog: typeof blogs.$inferSelect };

const displayName = (user: typeof users.$inferSelect | undefined) => {
  if (!user) return "The author";
  const full = [user.firstName, user.lastName].filter(Boolean).join(" ");
  return full || user.email?.split("@")[0] || "The author";
};

/**
 * Reads one blog's published content into the snapshot its pages are rendered from. Post
 * bodies are the expensive part (read, sanitize, link): with a `previous` snapshot, a post
 * whose `updatedAt` did not change keeps its prepared HTML and its body is not read again.
 */
export async function loadSnapshot(
  db: Database,
  blogId: string,
  options: SnapshotOptions,
  previous?: Site,
): Promise<SiteSnapshot | undefined> {
  const blog = await db.select().from(blogs).where(eq(blogs.id, blogId)).get();
  if (!blog) return undefined;
  const [owner, postRows, categoryRows, history] = await Promise.all([
    db.select().from(users).where(eq(users.id, blog.ownerId)).get(),
    db
      .select({
        id: posts.id,
        slug: posts.slug,
        title: posts.title,
        excerpt: posts.excerpt,
        publishedAt: posts.publishedAt,
        updatedAt: posts.updatedAt,
        categoryId: posts.categoryId,
        keywords: posts.keywords,
        metaTitle: posts.metaTitle,
        metaDescription: posts.metaDescription,
      })
      .from(posts)
      .where(and(eq(posts.blogId, blogId), eq(posts.status, "published"))),
    db
      .select({
        id: categories.id,
        name: categories.name,
        slug: categories.slug,
        parentId: categories.parentId,
      })
      .from(categories)
      .where(eq(categories.blogId, blogId)),
    db
      .select({ slug: postSlugHistory.slug, postId: postSlugHistory.postId })
      .from(postSlugHistory)
      .where(eq(postSlugHistory.blogId, blogId)),
  ]);
  const preparedHtml = new Map<string, string>();
  const stale: string[] = [];
  for (const row of postRows) {
    const before = previous?.postsById.get(row.id);
    if (before && before.updatedAt.getTime() === row.updatedAt.getTime())
      preparedHtml.set(row.id, before.html);
    else stale.push(row.id);
  }
  for (let i = 0; i < stale.length; i += 500) {
    const bodies = await db
      .select({ id: posts.id, content: posts.content })
      .from(posts)
      .where(inArray(posts.id, stale.slice(i, i + 500)));
    for (const { id, content } of bodies) {
      const html = options.sanitize(content);
      preparedHtml.set(
        id,
        options.transformHtml ? options.transformHtml(html, { id, blogId }) : html,
      );
    }
  }
  const slugById = new Map(postRows.map((p) => [p.id, p.slug]));
  const redirects = new Map<string, string>();
  for (const row of history) {
    const current = slugById.get(row.postId);
    if (current && current !== row.slug) redirects.set(row.slug, current);
  }
  const site = buildSite({
    blog: {
      id: blog.id,
      name: blog.name,
      description: blog.description,
      slug: blog.slug,
      primaryColor: blog.primaryColor,
      fontFamily: blog.fontFamily,
      logoUrl: blog.logoUrl,
      ownerName: displayName(owner),
    },
    canonicalBase: options.canonicalBaseOf(blog),
    categories: categoryRows,
    redirects,
    posts: postRows.map((p) => {
      return {
        id: p.id,
        slug: p.slug,
        title: p.title,
        excerpt: p.excerpt,
        html: preparedHtml.get(p.id) ?? "",
        publishedAt: p.publishedAt ?? p.updatedAt,
        updatedAt: p.updatedAt,
        categoryId: p.categoryId,
        keywords: p.keywords,
        metaTitle: p.metaTitle,
        metaDescription: p.metaDescription,
      };
    }),
  });
  return { site, blog };
}
