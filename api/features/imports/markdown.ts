import { marked } from "marked";
import type { BlogfleetExport } from "../../../contracts/export-format.ts";
import { importLimits } from "../../../contracts/imports.ts";
import { parseFrontMatter } from "./front-matter.ts";
import {
  BadImportFile,
  type ImportSource,
  type SourceCategory,
  type SourceItem,
} from "./source.ts";

const text = (v: unknown) => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");
const list = (v: unknown) => (Array.isArray(v) ? v.map(String) : v ? [text(v)] : []);
const date = (v: unknown) => {
  const value = text(v);
  if (!value) return null;
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? null : parsed.toISOString();
};

/**
 * A zip of Markdown files with front matter (Jekyll, Hugo, Eleventy, Obsidian…): `title`,
 * `slug`, `date`, `updated`/`lastmod`, `draft` or `status`, `excerpt`/`summary`/`description`,
 * `tags`/`keywords`, `categories`/`category` (the first is the category), `meta_title`/
 * `seo_title`, `meta_description`, and `aliases`/`redirect_from` (old addresses → 301).
 */
export function parseMarkdownZip(files: Map<string, Uint8Array>): ImportSource {
  const decoder = new TextDecoder("utf-8");
  const categories = new Map<string, SourceCategory>();
  const items: SourceItem[] = [];
  for (const [path, bytes] of [...files].sort(([a], [b]) => a.localeCompare(b))) {
    if (!/\.(md|markdown|mdx)$/i.test(path) || path.split("/").some((p) => p.startsWith(".")))
      continue;
    if (bytes.length > importLimits.elementChars)
      throw BadImportFile(`${path} is larger than any post can be.`);
    const { data, body } = parseFrontMatter(decoder.decode(bytes));
    const name =
      path
        .split("/")
        .pop()
        ?.replace(/\.(md|markdown|mdx)$/i, "") ?? path;
    const fileSlug = name.replace(/^\d{4}-\d{2}-\d{2}-/, "");
    const title = text(data.title) || fileSlug.replace(/[-_]+/g, " ");
    const category = list(data.categories ?? data.category)[0]?.trim();
    if (category) {
      const slug = category
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/^-|-$/g, "");
      if (slug && !categories.has(slug))
        categories.set(slug, { key: slug, slug, name: category, parentKey: null });
    }
    const draft =
      data.draft === true || data.published === false || /draft/i.test(text(data.status));
    items.push({
      key: `markdown:${path}`,
      kind: "post",
      title,
      html: (marked.parse(body, { async: false }) as string).trim(),
      excerpt: text(data.excerpt ?? data.summary ?? data.description).trim(),
      status: draft ? "draft" : "published",
      publishedAt: date(data.date ?? data.published_at ?? data.publishdate),
      modifiedAt: date(data.updated ?? data.lastmod ?? data.modified),
      slug: text(data.slug) || fileSlug,
      authorName: text(data.author) || null,
      categoryKeys: category
        ? [
            category
              .toLowerCase()
              .replace(/[^a-z0-9]+/g, "-")
              .replace(/^-|-$/g, ""),
          ]
        : [],
      keywords: list(data.tags ?? data.keywords),
      metaTitle: text(data.meta_title ?? data.seo_title) || null,
      metaDescription: text(data.meta_description ?? data.description) || null,
      oldUrls: draft
        ? []
        : [...list(data.aliases), ...list(data.redirect_from), ...list(data.permalink)],
    });
  }
  if (items.length === 0)
    throw BadImportFile("The zip holds no Markdown files (.md). Put one file per post in it.");
  if (items.length > importLimits.items)
    throw BadImportFile(`The zip holds more than ${importLimits.items} posts.`);
  return { format: "markdown", categories: [...categories.values()], items };
}

/** A Blogfleet export zip (`blogfleet.json` at its root): the blog comes back as it was. */
export function parseBlogfleetExport(files: Map<string, Uint8Array>): ImportSource & {
  blog: BlogfleetExport["blog"];
  affiliateLinks: BlogfleetExport["affiliateLinks"];
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
    })),
  };
}
