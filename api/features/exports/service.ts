import { asc, eq } from "drizzle-orm";
import { strToU8, type Zippable, zipSync } from "fflate";
import TurndownService from "turndown";
import type { BlogfleetExport, ExportedPost } from "../../../contracts/export-format.ts";
import type { Database } from "../../db/client.ts";
import {
  affiliateLinks,
  blogRedirects,
  type blogs,
  categories,
  postSlugHistory,
  posts,
} from "../../db/schema.ts";
import { findOwnedBlog, listBlogs } from "../blogs/service.ts";
import { writeFrontMatter } from "../imports/front-matter.ts";

type BlogRow = typeof blogs.$inferSelect;

const iso = (date: Date | null) => date?.toISOString() ?? null;

const csvField = (value: string) =>
  /[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;

/** Everything a blog holds, as the export's JSON document (docs/export-format.md). */
export async function blogExportDocument(
  db: Database,
  blog: BlogRow,
  now: Date = new Date(),
): Promise<BlogfleetExport> {
  const [categoryRows, postRows, history, links, redirects] = await Promise.all([
    db.select().from(categories).where(eq(categories.blogId, blog.id)),
    db
      .select()
      .from(posts)
      .where(eq(posts.blogId, blog.id))
      .orderBy(asc(posts.createdAt), asc(posts.slug)),
    db
      .select()
      .from(postSlugHistory)
      .where(eq(postSlugHistory.blogId, blog.id))
      .orderBy(asc(postSlugHistory.slug)),
    db
      .select()
      .from(affiliateLinks)
      .where(eq(affiliateLinks.blogId, blog.id))
      .orderBy(asc(affiliateLinks.keyword)),
    db
      .select()
      .from(blogRedirects)
      .where(eq(blogRedirects.blogId, blog.id))
      .orderBy(asc(blogRedirects.fromPath)),
  ]);
  const byId = new Map(categoryRows.map((c) => [c.id, c]));
  const depth = (id: string | null, seen = new Set<string>()): number => {
    const category = id ? byId.get(id) : undefined;
    if (!category || seen.has(category.id)) return 0;
    seen.add(category.id);
    return 1 + depth(category.parentId, seen);
  };
  // Parents before children, then by slug: the same blog always gives the same document.
  const orderedCategories = [...categoryRows].sort(
    (a, b) => depth(a.id) - depth(b.id) || a.slug.localeCompare(b.slug),
  );
  const former = new Map<string, string[]>();
  for (const row of history) former.set(row.postId, [...(former.get(row.postId) ?? []), row.slug]);
  return {
    format: "blogfleet-export",
    version: 1,
    exportedAt: now.toISOString(),
    blog: {
      name: blog.name,
      description: blog.description,
      slug: blog.slug,
      timeZone: blog.timeZone,
      primaryColor: blog.primaryColor,
      fontFamily: blog.fontFamily,
      logoUrl: blog.logoUrl,
      aiDisclosure: blog.aiDisclosure,
    },
    categories: orderedCategories.map((c) => ({
      slug: c.slug,
      name: c.name,
      parentSlug: c.parentId ? (byId.get(c.parentId)?.slug ?? null) : null,
    })),
    posts: postRows.map(
      (p): ExportedPost => ({
        file: `posts/${p.slug}.md`,
        slug: p.slug,
        title: p.title,
        status: p.status,
        excerpt: p.excerpt,
        html: p.content,
        metaTitle: p.metaTitle,
        metaDescription: p.metaDescription,
        keywords: p.keywords,
        categorySlug: p.categoryId ? (byId.get(p.categoryId)?.slug ?? null) : null,
        publishedAt: iso(p.publishedAt),
        scheduledPublishAt: iso(p.scheduledPublishAt),
        createdAt: p.createdAt.toISOString(),
        updatedAt: p.updatedAt.toISOString(),
        source: p.source,
        aiAssisted: p.aiAssisted,
        formerSlugs: former.get(p.id) ?? [],
      }),
    ),
    affiliateLinks: links.map((l) => ({
      keyword: l.keyword,
      url: l.url,
      autoInsert: l.autoInsert,
    })),
    redirects: redirects.map((r) => ({ from: r.fromPath, to: r.toPath })),
    media: [],
  };
}

/** The files of one blog's export, under `prefix` (empty for a single blog's zip). */
export function exportFiles(doc: BlogfleetExport, prefix = ""): Zippable {
  const turndown = new TurndownService({ headingStyle: "atx", codeBlockStyle: "fenced" });
  const files: Zippable = {
    [`${prefix}blogfleet.json`]: strToU8(`${JSON.stringify(doc, null, 2)}\n`),
  };
  for (const post of doc.posts) {
    const front = writeFrontMatter({
      title: post.title,
      slug: post.slug,
      status: post.status,
      draft: post.status !== "published",
      date: post.publishedAt ?? undefined,
      updated: post.updatedAt,
      excerpt: post.excerpt || undefined,
      categories: post.categorySlug ? [post.categorySlug] : undefined,
      tags: post.keywords.length ? post.keywords : undefined,
      meta_title: post.metaTitle ?? undefined,
      meta_description: post.metaDescription ?? undefined,
      aliases: post.formerSlugs.length ? post.formerSlugs.map((s) => `/post/${s}`) : undefined,
    });
    files[`${prefix}${post.file}`] = strToU8(`${front}\n${turndown.turndown(post.html)}\n`);
  }
  const redirectLines = [
    "from,to",
    ...doc.posts.flatMap((p) => p.formerSlugs.map((s) => `/post/${s},/post/${p.slug}`)),
    ...doc.redirects.map((r) => `${csvField(r.from)},${csvField(r.to)}`),
  ];
  files[`${prefix}redirects.csv`] = strToU8(`${redirectLines.join("\n")}\n`);
  return files;
}

/** One blog of the owner as a zip (404 for another owner's blog). */
export async function exportBlog(db: Database, ownerId: string, blogId: string) {
  const blog = await findOwnedBlog(db, ownerId, blogId);
  const doc = await blogExportDocument(db, blog);
  return { blog, zip: zipSync(exportFiles(doc), { level: 6 }) };
}

/** Every blog of the owner, one folder per blog slug, in one zip. */
export async function exportEverything(db: Database, ownerId: string) {
  const files: Zippable = {};
  for (const blog of await listBlogs(db, ownerId)) {
    Object.assign(files, exportFiles(await blogExportDocument(db, blog), `${blog.slug}/`));
  }
  return zipSync(files, { level: 6 });
}
