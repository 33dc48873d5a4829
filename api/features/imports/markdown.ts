import { marked } from "marked";
import { importLimits } from "../../../contracts/imports.ts";
import { limits } from "../../../contracts/limits.ts";
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

/** A file of the zip that is not imported: listed in the report with the reason. */
const skippedFile = (path: string, reason: string): SourceItem => ({
  key: `markdown:${path}`,
  kind: "post",
  skipReason: reason,
  title: path.slice(0, 200),
  html: "",
  excerpt: "",
  status: "draft",
  publishedAt: null,
  modifiedAt: null,
  slug: "",
  authorName: null,
  categoryKeys: [],
  keywords: [],
  metaTitle: null,
  metaDescription: null,
  oldUrls: [],
});

/**
 * A zip of Markdown files with front matter (Jekyll, Hugo, Eleventy, Obsidian…): `title`,
 * `slug`, `date`, `updated`/`lastmod`, `draft` or `status`, `excerpt`/`summary`/`description`,
 * `tags`, `keywords`, `categories`/`category` (the first is the category), `meta_title`/
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
    const markdown = decoder.decode(bytes);
    // Longer than any post may be: reported, never parsed (Markdown of pathological text is
    // slow to parse, and the post would be refused anyway).
    if (markdown.length > limits.postContent) {
      items.push(
        skippedFile(
          path,
          `it is longer than ${limits.postContent.toLocaleString("en-US")} characters, the most a post may hold`,
        ),
      );
      continue;
    }
    const { data, body } = parseFrontMatter(markdown);
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
      keywords: list(data.keywords),
      tags: list(data.tags),
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
