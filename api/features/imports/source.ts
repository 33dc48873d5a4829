import { HttpError } from "../../http/errors.ts";

/** A category of the export, parents named by `parentKey`. */
export type SourceCategory = { key: string; name: string; slug: string; parentKey: string | null };

/** One item of an export, normalized: what the importer writes for it. */
export type SourceItem = {
  /** Idempotency key, unique within the blog across imports (format + the source's own id). */
  key: string;
  /** A page of the source, imported as a draft post (decision 143). */
  kind: "post" | "page";
  /** Set when the item is not imported: the report says why. */
  skipReason?: string;
  title: string;
  html: string;
  excerpt: string;
  status: "published" | "draft";
  publishedAt: string | null;
  modifiedAt: string | null;
  /** A future publication date of the source: the post is scheduled. */
  scheduledAt?: string | null;
  slug: string;
  authorName: string | null;
  categoryKeys: string[];
  keywords: string[];
  metaTitle: string | null;
  metaDescription: string | null;
  /** Addresses the item had at its source (absolute URLs or paths): they answer 301. */
  oldUrls: string[];
  /** Blogfleet exports only: the post's former slugs (301s), as the source had them. */
  formerSlugs?: string[];
};

/** An export file, parsed and checked before anything is written. */
export type ImportSource = {
  format: "wordpress" | "ghost" | "markdown" | "blogfleet";
  categories: SourceCategory[];
  items: SourceItem[];
  /** Blogfleet exports only: the blog's redirects (from path → to path). */
  redirects?: { from: string; to: string }[];
};

/** A file that cannot be imported: 400 with a message that says why and what to do. */
export const BadImportFile = (message: string) => new HttpError(400, "bad_import_file", message);

/** The path of an old address (absolute URL or path), normalized: no trailing slash, no query. */
export function pathOfOldUrl(url: string): string | undefined {
  let path: string;
  try {
    path = new URL(url, "http://old.invalid").pathname;
  } catch {
    return undefined;
  }
  try {
    path = decodeURIComponent(path);
  } catch {
    // keep it encoded
  }
  path = path.replace(/\/+$/, "");
  return path === "" || path.length > 1000 ? undefined : path;
}

/** WordPress and Ghost slugs may be percent-encoded UTF-8. */
export function decodeSlug(slug: string): string {
  try {
    return decodeURIComponent(slug);
  } catch {
    return slug;
  }
}
