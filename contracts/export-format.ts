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
    aiDisclosure: boolean;
  };
  /** Parents before children. */
  categories: { slug: string; name: string; parentSlug: string | null }[];
  posts: ExportedPost[];
  affiliateLinks: { keyword: string; url: string; autoInsert: boolean }[];
  /** Old addresses of the blog (imported permalinks) → site-relative paths. */
  redirects: { from: string; to: string }[];
  /** Media files in `media/` (none until the media library lands). */
  media: { file: string; url: string }[];
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
  categorySlug: string | null;
  publishedAt: string | null;
  scheduledPublishAt: string | null;
  createdAt: string;
  updatedAt: string;
  source: "owner" | "ai" | "offline";
  aiAssisted: boolean;
  /** Former slugs (301 to the current one). */
  formerSlugs: string[];
};
