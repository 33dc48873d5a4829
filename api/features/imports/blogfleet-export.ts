import type { BlogfleetExport, ExportedImage } from "../../../contracts/export-format.ts";
import { BadImportFile, type ImportSource } from "./source.ts";

/** A Blogfleet export zip (`blogfleet.json` at its root): the blog comes back as it was. */
export function parseBlogfleetExport(files: Map<string, Uint8Array>): ImportSource & {
  blog: BlogfleetExport["blog"];
  affiliateLinks: BlogfleetExport["affiliateLinks"];
  media: ExportedImage[];
  mediaFiles: Map<string, Uint8Array>;
} {
  let doc: BlogfleetExport;
  try {
    doc = JSON.parse(new TextDecoder().decode(files.get("blogfleet.json"))) as BlogfleetExport;
  } catch {
    throw BadImportFile("blogfleet.json in the zip is not valid JSON.");
  }
  if (doc?.format !== "blogfleet-export" || doc.version !== 1 || !Array.isArray(doc.posts))
    throw BadImportFile("blogfleet.json is not a Blogfleet export of version 1.");
  return {
    format: "blogfleet",
    blog: doc.blog,
    affiliateLinks: Array.isArray(doc.affiliateLinks) ? doc.affiliateLinks : [],
    redirects: Array.isArray(doc.redirects) ? doc.redirects : [],
    media: Array.isArray(doc.media) ? doc.media : [],
    // The library's files (`media/{file}`): stored when the import starts, never in its payload.
    mediaFiles: new Map(
      [...files]
        .filter(([name]) => name.startsWith("media/"))
        .map(([name, bytes]) => [name.slice("media/".length), bytes]),
    ),
    categories: (doc.categories ?? []).map((c) => ({
      key: c.slug,
      slug: c.slug,
      name: c.name,
      parentKey: c.parentSlug,
    })),
    items: doc.posts.map((p) => ({
      key: `blogfleet:${doc.blog.slug}:${p.slug}:${p.createdAt}`,
      kind: "post",
      title: p.title,
      html: p.html,
      excerpt: p.excerpt,
      status: p.status === "published" ? "published" : "draft",
      keepStatus: p.status,
      publishedAt: p.publishedAt,
      modifiedAt: p.updatedAt,
      createdAt: p.createdAt,
      scheduledAt: p.scheduledPublishAt,
      slug: p.slug,
      authorName: null,
      categoryKeys: p.categorySlug ? [p.categorySlug] : [],
      keywords: p.keywords,
      metaTitle: p.metaTitle,
      metaDescription: p.metaDescription,
      oldUrls: [],
      formerSlugs: p.formerSlugs,
      source: p.source,
      aiAssisted: p.aiAssisted,
      featureImageHash: p.featureImage ?? null,
    })),
  };
}
