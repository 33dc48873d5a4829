import type { MediaFormat, MediaVariant } from "./media.ts";

/**
 * The Blogfleet export (`blogfleet.json` at the root of a blog's export zip), version 1.
 * Documented in docs/export-format.md. Every date is ISO 8601 UTC.
 */
export type BlogfleetExport = {
  format: "blogfleet-export";
  version: 1;
  exportedAt: string;
  blog: {
    name: string;
    description: string | null;
    slug: string;
    timeZone: string;
    primaryColor: string;
    fontFamily: string;
    logoUrl: string | null;
    /** The uploaded logo: the `hash` of one of `media` (absent in older exports). */
    logoImage?: string | null;
    aiDisclosure: boolean;
  };
  /** Parents before children. */
  categories: { slug: string; name: string; parentSlug: string | null }[];
  posts: ExportedPost[];
  affiliateLinks: { keyword: string; url: string; autoInsert: boolean }[];
  /** Old addresses of the blog (imported permalinks) → site-relative paths. */
  redirects: { from: string; to: string }[];
  /** The blog's media library; every variant's file is in the zip at `media/{file}`. */
  media: ExportedImage[];
};

/** A library image: its row, and the files of its variants (content-hashed names). */
export type ExportedImage = {
  hash: string;
  fileName: string;
  alt: string;
  format: MediaFormat;
  width: number;
  height: number;
  uploadBytes: number;
  variants: MediaVariant[];
};

export type ExportedPost = {
  /** The post's Markdown file in the zip, e.g. `posts/first-tomatoes.md`. */
  file: string;
  slug: string;
  title: string;
  status: "draft" | "under_review" | "published";
  excerpt: string;
  /** The body exactly as stored (the Markdown file holds a converted copy). */
  html: string;
  metaTitle: string | null;
  metaDescription: string | null;
  keywords: string[];
  /** The post's tags by name, in order (absent in older exports). */
  tags?: string[];
  categorySlug: string | null;
  publishedAt: string | null;
  scheduledPublishAt: string | null;
  createdAt: string;
  updatedAt: string;
  source: "owner" | "ai" | "offline";
  aiAssisted: boolean;
  /** Former slugs (301 to the current one). */
  formerSlugs: string[];
  /** The feature image: the `hash` of one of `media` (absent in older exports). */
  featureImage?: string | null;
};
