/**
 * Every internal link on a public page is relative, so one rendered file serves the blog on its
 * own host (`/post/x`) and under the app's `/blog/{slug}/post/x` alike. Canonical URLs, feeds
 * and the sitemap use the absolute canonical base instead.
 */

/** Site-relative paths of each page kind (no trailing slash, except the home page). */
export const paths = {
  home: () => "/",
  /** Archive page n (1 = the oldest posts). */
  page: (n: number) => `/page/${n}`,
  post: (slug: string) => `/post/${slug}`,
  category: (slug: string) => `/category/${slug}`,
  categoryArchive: (slug: string, n: number) => `/category/${slug}/page/${n}`,
  /** The blog's author page and its archive pages (decision 056). */
  author: (slug: string) => `/author/${slug}`,
  authorArchive: (slug: string, n: number) => `/author/${slug}/page/${n}`,
  feed: () => "/rss.xml",
  categoryFeed: (slug: string) => `/category/${slug}/rss.xml`,
  /** A tag's page, its archive pages and its feed (issue 33). */
  tag: (slug: string) => `/tag/${slug}`,
  tagArchive: (slug: string, n: number) => `/tag/${slug}/page/${n}`,
  tagFeed: (slug: string) => `/tag/${slug}/rss.xml`,
  sitemap: () => "/sitemap.xml",
  /** What the blog's reader analytics count and keep (issue 18). */
  privacy: () => "/privacy",
  /** The subscribe page (decision 375); a POST to it is the form's, answered by the server. */
  subscribe: () => "/subscribe",
};

/** The link from the page at `from` to the page at `to`, both site-relative paths. */
export function relativeHref(from: string, to: string): string {
  const depth = from.split("/").length - 2; // "/" → 0, "/post/x" → 1, "/category/a/page/2" → 3
  const up = depth <= 0 ? "./" : "../".repeat(depth);
  const target = to === "/" ? "" : to.slice(1);
  return up + target;
}

/**
 * A page's absolute URL, its path percent-encoded (slugs may be in any script, decision 103):
 * sitemaps, feeds and canonical links want URIs, not IRIs. Slugs hold no '%' to double-encode.
 */
export function absoluteUrl(canonicalBase: string, path: string): string {
  return path === "/" ? `${canonicalBase}/` : `${canonicalBase}${encodeURI(path)}`;
}
