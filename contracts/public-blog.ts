/**
 * The public face of a blog, written once: what `GET /api/public/blog` answers, what the
 * dashboard reads to know which blog a host serves, and the part of the theme's blog that
 * every page shows (site-builder/theme/lib/site.ts extends it).
 */
export type PublicBlog = {
  id: string;
  name: string;
  description: string | null;
  slug: string;
  primaryColor: string;
  fontFamily: string;
  logoUrl: string | null;
};
