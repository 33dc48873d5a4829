import { feedDate } from "./format.ts";
import {
  authorOfPost,
  authorsOf,
  postsInCategory,
  postsPerPage,
  type Site,
  type ThemePost,
  tagsOf,
} from "./site.ts";
import { absoluteUrl, paths } from "./urls.ts";

const xml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] as string,
  );

/**
 * What XML 1.0 cannot carry: the control characters but tab, line feed and carriage return, and
 * U+FFFE and U+FFFF. A regular expression, not a loop over the characters: the feeds scan every
 * post body they carry (~4 MB of text in a 1,000-post blog's full render), which a loop in the
 * interpreter took ~25 ms of a render thread to do (decision 290).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters it removes.
const forbiddenInXml = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

/** XML 1.0 forbids most control characters; drop them rather than emit an unparsable feed. */
const clean = (text: string) => text.replace(forbiddenInXml, "");

/**
 * RSS `<description>` is HTML to feed readers (RSS 2.0 allows entity-encoded markup there), so
 * plain text goes in escaped twice: once as HTML text, once for XML. An excerpt that reads
 * `<img onerror=…>` then shows as those characters in a reader instead of becoming markup.
 */
export const feedDescription = (text: string) => xml(xml(clean(text)));

const cdata = (text: string) => `<![CDATA[${clean(text).replace(/]]>/g, "]]]]><![CDATA[>")}]]>`;

/**
 * Feed readers have no page to resolve relative links against: the body's links relative to its
 * post page (`../go/…` affiliate links, `../post/…` internal links) become absolute.
 */
const absoluteLinks = (site: Site, html: string) =>
  html.replaceAll('href="../', `href="${site.canonicalBase}/`);

/** Posts in a feed: the newest. */
const feedLength = 20;

/**
 * The posts whose bodies the blog's feeds show (the home's and each category's newest): the
 * only bodies a page other than the post's own needs (render workers send the others with
 * their post page).
 */
export function postsInFeeds(site: Site): Set<ThemePost> {
  const shown = new Set(site.posts.slice(0, feedLength));
  for (const category of site.categories) {
    for (const post of postsInCategory(site, category.id).slice(0, feedLength)) shown.add(post);
  }
  for (const { posts } of tagsOf(site).values()) {
    for (const post of posts.slice(0, feedLength)) shown.add(post);
  }
  return shown;
}

/** RSS 2.0 with the 20 newest posts; full sanitized HTML in content:encoded. */
export function rssFeed(site: Site, posts: ThemePost[], title: string, path: string): string {
  const link = absoluteUrl(site.canonicalBase, path);
  const self = absoluteUrl(site.canonicalBase, path === "/" ? paths.feed() : `${path}/rss.xml`);
  const items = posts.slice(0, feedLength).map((post) => {
    const url = absoluteUrl(site.canonicalBase, paths.post(post.slug));
    const category = post.categoryId ? site.categoriesById.get(post.categoryId) : undefined;
    return [
      "<item>",
      `<title>${xml(clean(post.title))}</title>`,
      `<link>${xml(url)}</link>`,
      `<guid isPermaLink="false">${xml(post.id)}</guid>`,
      `<pubDate>${feedDate(post.publishedAt, site.blog.timeZone)}</pubDate>`,
      `<dc:creator>${xml(clean(authorOfPost(site, post).name))}</dc:creator>`,
      category ? `<category>${xml(clean(category.name))}</category>` : "",
      ...(post.tags ?? []).map((tag) => `<category>${xml(clean(tag.name))}</category>`),
      `<description>${feedDescription(post.excerpt)}</description>`,
      `<content:encoded>${cdata(absoluteLinks(site, post.html))}</content:encoded>`,
      "</item>",
    ].join("");
  });
  const updated = posts[0]?.publishedAt ?? new Date(0);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    "<channel>",
    `<title>${xml(clean(title))}</title>`,
    `<link>${xml(link)}</link>`,
    `<description>${feedDescription(site.blog.description || `Posts from ${site.blog.name}`)}</description>`,
    "<language>en</language>",
    `<lastBuildDate>${feedDate(updated, site.blog.timeZone)}</lastBuildDate>`,
    `<atom:link href="${xml(self)}" rel="self" type="application/rss+xml"/>`,
    ...items,
    "</channel>",
    "</rss>",
    "",
  ].join("\n");
}

const sitemapLine = (loc: string, lastmod?: Date) =>
  `<url><loc>${xml(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ""}</url>`;

/** A post's sitemap line, kept per post object and host (incremental renders reuse both). */
const postLines = new WeakMap<ThemePost, { base: string; line: string }>();

function postSitemapLine(site: Site, post: ThemePost): string {
  const known = postLines.get(post);
  if (known && known.base === site.canonicalBase) return known.line;
  const line = sitemapLine(absoluteUrl(site.canonicalBase, paths.post(post.slug)), post.updatedAt);
  postLines.set(post, { base: site.canonicalBase, line });
  return line;
}

/** Posts per block of sitemap lines kept between renders. */
const sitemapBlock = 512;

/**
 * Joined lines of a block of posts, kept by the block's oldest post: blocks are counted from
 * the oldest post, so a publish (a new newest post) leaves every full block as it was and a
 * 10,000-post sitemap joins twenty strings, not 10,000. A block is reused only when it holds
 * the very same post objects (a snapshot reuses those of unchanged posts) on the same host.
 */
const sitemapBlocks = new WeakMap<ThemePost, { base: string; posts: ThemePost[]; text: string }>();

function sameObjects(a: readonly ThemePost[], b: readonly ThemePost[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The posts' sitemap lines, newest first, as a few joined blocks. */
function postSitemapBlocks(site: Site): string[] {
  const { posts } = site;
  const blocks: string[] = [];
  // Newest first: the newest (partial) block first, the oldest block last.
  const count = Math.ceil(posts.length / sitemapBlock);
  for (let k = count - 1; k >= 0; k--) {
    // Block k holds ordinals k·B … (k+1)·B − 1 counted from the oldest post (index n − 1).
    const from = Math.max(0, posts.length - (k + 1) * sitemapBlock);
    const to = posts.length - k * sitemapBlock;
    const block = posts.slice(from, to);
    const oldest = block[block.length - 1] as ThemePost;
    const known = sitemapBlocks.get(oldest);
    if (known && known.base === site.canonicalBase && sameObjects(known.posts, block)) {
      blocks.push(known.text);
      continue;
    }
    const text = block.map((p) => postSitemapLine(site, p)).join("\n");
    sitemapBlocks.set(oldest, { base: site.canonicalBase, posts: block, text });
    blocks.push(text);
  }
  return blocks;
}

/**
 * When the home page last changed (decision 378): the latest change of a post it lists, which
 * may be older than the newest post (an edit of the second post changes the home page too).
 */
function homeChangedAt(site: Site): Date | undefined {
  let latest: Date | undefined;
  for (const post of site.posts.slice(0, postsPerPage))
    if (!latest || post.updatedAt > latest) latest = post.updatedAt;
  return latest;
}

/**
 * Home, every author page, every category, every tag with published posts and every published
 * post, on the canonical host.
 */
export function sitemap(site: Site): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    sitemapLine(absoluteUrl(site.canonicalBase, "/"), homeChangedAt(site)),
    ...[...authorsOf(site).keys()].map((slug) =>
      sitemapLine(absoluteUrl(site.canonicalBase, paths.author(slug))),
    ),
    ...site.categories.map((c) =>
      sitemapLine(absoluteUrl(site.canonicalBase, paths.category(c.slug))),
    ),
    ...[...tagsOf(site).keys()].map((slug) =>
      sitemapLine(absoluteUrl(site.canonicalBase, paths.tag(slug))),
    ),
    ...postSitemapBlocks(site),
    "</urlset>",
    "",
  ].join("\n");
}

export function robotsTxt(site: Site): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${absoluteUrl(site.canonicalBase, paths.sitemap())}\n`;
}
