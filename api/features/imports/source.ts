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
  /** The item's tags by name, in the source's order (issue 33). */
  tags?: string[];
  metaTitle: string | null;
  metaDescription: string | null;
  /** Addresses the item had at its source (absolute URLs or paths): they answer 301. */
  oldUrls: string[];
  /** Blogfleet exports only: the post's former slugs (301s), as the source had them. */
  formerSlugs?: string[];
  /** Blogfleet exports only: what the source stored, kept exactly. */
  keepStatus?: "draft" | "under_review" | "published";
  createdAt?: string;
  source?: "owner" | "ai" | "offline";
  aiAssisted?: boolean;
  /** Blogfleet exports only: the feature image, by the hash of the blog's library image. */
  featureImageHash?: string | null;
};

/** An export file, parsed and checked before anything is written. */
export type ImportSource = {
  format: "wordpress" | "ghost" | "markdown" | "blogfleet";
  categories: SourceCategory[];
  items: SourceItem[];
  /** Blogfleet exports only: the blog's redirects (from path → to path). */
  redirects?: { from: string; to: string }[];
  /** Blogfleet exports only: the blog's look and time zone, and its affiliate links. */
  blog?: {
    description: string | null;
    timeZone: string;
    primaryColor: string;
    fontFamily: string;
    logoUrl: string | null;
    /** The uploaded logo, by the hash of the blog's library image. */
    logoImage?: string | null;
    aiDisclosure: boolean;
  };
  affiliateLinks?: { keyword: string; url: string; autoInsert: boolean }[];
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

const namedEntities: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
  ndash: "–",
  mdash: "—",
  hellip: "…",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
};

/** Plain text from the HTML-escaped text WordPress writes in titles and names ("Media &amp; Text"). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code =
        name[1] === "x" || name[1] === "X"
          ? Number.parseInt(name.slice(2), 16)
          : Number.parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return namedEntities[name.toLowerCase()] ?? whole;
  });
}
