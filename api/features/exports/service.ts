import { asc, eq } from "drizzle-orm";
import { strToU8, type Zippable, zipSync } from "fflate";
import TurndownService from "turndown";
import type {
  BlogfleetExport,
  ExportedImage,
  ExportedPost,
} from "../../../contracts/export-format.ts";
import type { Storage } from "../../../site-builder/storage/storage.ts";
import type { Database } from "../../db/client.ts";
import {
  affiliateLinks,
  blogRedirects,
  type blogs,
  categories,
  media,
  postSlugHistory,
  posts,
} from "../../db/schema.ts";
import { findOwnedBlog, listBlogs } from "../blogs/service.ts";
import { writeFrontMatter } from "../imports/front-matter.ts";
import { mediaKey } from "../media/service.ts";
import { tagNamesOf } from "../tags/service.ts";

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
  const [categoryRows, postRows, history, links, redirects, images] = await Promise.all([
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
    db.select().from(media).where(eq(media.blogId, blog.id)).orderBy(asc(media.hash)),
  ]);
  const hashOf = new Map(images.map((m) => [m.id, m.hash]));
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
  const tagsOf = await tagNamesOf(
    db,
    postRows.map((p) => p.id),
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
      logoImage: blog.logoMediaId ? (hashOf.get(blog.logoMediaId) ?? null) : null,
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
        tags: tagsOf.get(p.id) ?? [],
        categorySlug: p.categoryId ? (byId.get(p.categoryId)?.slug ?? null) : null,
        publishedAt: iso(p.publishedAt),
        scheduledPublishAt: iso(p.scheduledPublishAt),
        createdAt: p.createdAt.toISOString(),
        updatedAt: p.updatedAt.toISOString(),
        source: p.source,
        aiAssisted: p.aiAssisted,
        formerSlugs: former.get(p.id) ?? [],
        featureImage: p.featureImageId ? (hashOf.get(p.featureImageId) ?? null) : null,
      }),
    ),
    affiliateLinks: links.map((l) => ({
      keyword: l.keyword,
      url: l.url,
      autoInsert: l.autoInsert,
    })),
    redirects: redirects.map((r) => ({ from: r.fromPath, to: r.toPath })),
    media: images.map(
      (m): ExportedImage => ({
        hash: m.hash,
        fileName: m.fileName,
        alt: m.alt,
        format: m.format,
        width: m.width,
        height: m.height,
        uploadBytes: m.uploadBytes,
        variants: m.variants,
      }),
    ),
  };
}

/** The files of the blog's library images, by file name (every variant of every image). */
async function mediaFilesOf(
  storage: Storage,
  blogId: string,
  doc: BlogfleetExport,
): Promise<Map<string, Uint8Array>> {
  const files = new Map<string, Uint8Array>();
  for (const image of doc.media) {
    for (const variant of image.variants) {
      const bytes = await storage.get(mediaKey(blogId, variant.file));
      if (bytes) files.set(variant.file, new Uint8Array(bytes));
    }
  }
  return files;
}

/** The files of one blog's export, under `prefix` (empty for a single blog's zip). */
export function exportFiles(
  doc: BlogfleetExport,
  prefix = "",
  mediaFiles: ReadonlyMap<string, Uint8Array> = new Map(),
): Zippable {
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
      tags: post.tags?.length ? post.tags : undefined,
      keywords: post.keywords.length ? post.keywords : undefined,
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
  // Images are compressed already: stored as they are.
  for (const [name, bytes] of mediaFiles) files[`${prefix}media/${name}`] = [bytes, { level: 0 }];
  return files;
}

/** One blog of the owner as a zip (404 for another owner's blog). */
export async function exportBlog(db: Database, storage: Storage, ownerId: string, blogId: string) {
  const blog = await findOwnedBlog(db, ownerId, blogId);
  const doc = await blogExportDocument(db, blog);
  const files = exportFiles(doc, "", await mediaFilesOf(storage, blog.id, doc));
  return { blog, zip: zipSync(files, { level: 6 }) };
}

/** Every blog of the owner, one folder per blog slug, in one zip. */
export async function exportEverything(db: Database, storage: Storage, ownerId: string) {
  const files: Zippable = {};
  for (const blog of await listBlogs(db, ownerId)) {
    const doc = await blogExportDocument(db, blog);
    Object.assign(
      files,
      exportFiles(doc, `${blog.slug}/`, await mediaFilesOf(storage, blog.id, doc)),
    );
  }
  return zipSync(files, { level: 6 });
}
