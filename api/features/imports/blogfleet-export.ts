import type {
  BlogfleetExport,
  ExportedImage,
  ExportedPost,
} from "../../../contracts/export-format.ts";
import { identifyExportedMedia } from "../media/restore.ts";
import { BadImportFile, type ImportSource } from "./source.ts";

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const objects = <T>(value: unknown): T[] =>
  Array.isArray(value) ? (value.filter(isObject) as T[]) : [];
const text = (value: unknown) => (typeof value === "string" ? value : "");
const orNull = (value: unknown) => (typeof value === "string" ? value : null);

/**
 * A Blogfleet export zip (`blogfleet.json` at its root): the blog comes back as it was. Only its
 * shape is read here; every record then passes the API's own checks (`checkRecords`). The
 * library's images are named by the hash of their bytes, not by what the file says (issue 29,
 * finding 4), and the posts are pointed at those names.
 */
export async function parseBlogfleetExport(files: Map<string, Uint8Array>): Promise<
  ImportSource & {
    blog: BlogfleetExport["blog"];
    affiliateLinks: BlogfleetExport["affiliateLinks"];
    media: ExportedImage[];
    mediaFiles: Map<string, Uint8Array>;
  }
> {
  let doc: BlogfleetExport;
  try {
    doc = JSON.parse(new TextDecoder().decode(files.get("blogfleet.json"))) as BlogfleetExport;
  } catch {
    throw BadImportFile("blogfleet.json in the zip is not valid JSON.");
  }
  if (
    !isObject(doc) ||
    doc.format !== "blogfleet-export" ||
    doc.version !== 1 ||
    !Array.isArray(doc.posts) ||
    !isObject(doc.blog)
  )
    throw BadImportFile("blogfleet.json is not a Blogfleet export of version 1.");
  const library = await identifyExportedMedia(
    objects<ExportedImage>(doc.media),
    new Map(
      [...files]
        .filter(([name]) => name.startsWith("media/"))
        .map(([name, bytes]) => [name.slice("media/".length), bytes]),
    ),
  );
  const renamed = (hash: unknown) =>
    typeof hash === "string" ? (library.renames.get(hash) ?? hash) : null;
  const blog = doc.blog;
  return {
    format: "blogfleet",
    blog: { ...blog, logoImage: renamed(blog.logoImage) },
    affiliateLinks: objects(doc.affiliateLinks),
    redirects: objects(doc.redirects),
    media: library.images,
    // The library's files (`media/{file}`): stored when the import runs, never in a database row.
    mediaFiles: library.files,
    categories: objects<BlogfleetExport["categories"][number]>(doc.categories).map((c) => ({
      key: text(c.slug),
      slug: text(c.slug),
      name: text(c.name),
      parentKey: orNull(c.parentSlug),
    })),
    items: objects<ExportedPost>(doc.posts).map((p) => ({
      key: `blogfleet:${text(blog.slug)}:${text(p.slug)}:${text(p.createdAt)}`,
      kind: "post",
      title: text(p.title),
      html: library.rewrite(text(p.html)),
      excerpt: text(p.excerpt),
      status: p.status === "published" ? "published" : "draft",
      keepStatus: p.status,
      publishedAt: p.publishedAt,
      modifiedAt: p.updatedAt,
      createdAt: p.createdAt,
      scheduledAt: p.scheduledPublishAt,
      slug: text(p.slug),
      authorName: null,
      categoryKeys: typeof p.categorySlug === "string" ? [p.categorySlug] : [],
      keywords: p.keywords,
      tags: Array.isArray(p.tags) ? p.tags : [],
      metaTitle: p.metaTitle,
      metaDescription: p.metaDescription,
      oldUrls: [],
      formerSlugs: p.formerSlugs,
      source: p.source,
      aiAssisted: p.aiAssisted,
      featureImageHash: renamed(p.featureImage),
    })),
  };
}
