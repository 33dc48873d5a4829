import {
  archiveCount,
  archivePage,
  firstPage,
  type Listing,
  listingSignature,
} from "../theme/lib/archive.ts";
import { categoryTrail, postsInCategory, type Site } from "../theme/lib/site.ts";
import { paths } from "../theme/lib/urls.ts";

/**
 * The file a site-relative path is stored in: `/` → index.html, `/post/x` → post/x.html; feeds,
 * robots.txt, fonts and social cards keep their names.
 */
export function fileForPath(path: string): string {
  if (path === "/") return "index.html";
  const relative = path.slice(1);
  return /\.(xml|txt|png|woff2)$/.test(relative) ? relative : `${relative}.html`;
}

const listingsOf = new WeakMap<Site, Map<string, string>>();

/**
 * Every listing page (home, archives, categories and their archives) with what it shows.
 * Kept per snapshot: the next incremental render compares against it without recomputing.
 */
function listingPages(site: Site): Map<string, string> {
  const known = listingsOf.get(site);
  if (known) return known;
  const pages = new Map<string, string>();
  listingsOf.set(site, pages);
  const categoryName = (id: string | null) => (id ? (site.categoriesById.get(id)?.name ?? "") : "");
  const add = (path: string, listing: Listing) =>
    pages.set(path, listingSignature(listing, categoryName));
  const addAll = (posts: Site["posts"], first: string, archive: (n: number) => string) => {
    add(first, firstPage(posts));
    for (let n = 1; n <= archiveCount(posts.length); n++) {
      add(archive(n), archivePage(posts, n) as Listing);
    }
  };
  addAll(site.posts, "/", paths.page);
  // Every post of a blog is its owner's: the author page lists them all (decision 056), page
  // for page as the home does, so its signatures are the home's (not computed twice).
  const author = site.blog.author.slug;
  pages.set(paths.author(author), pages.get("/") as string);
  for (let n = 1; n <= archiveCount(site.posts.length); n++) {
    pages.set(paths.authorArchive(author, n), pages.get(paths.page(n)) as string);
  }
  for (const category of site.categories) {
    addAll(postsInCategory(site, category.id), paths.category(category.slug), (n) =>
      paths.categoryArchive(category.slug, n),
    );
  }
  return pages;
}

const siteWide = [paths.feed(), paths.sitemap(), "/robots.txt", paths.privacy()];

/** Every page of the site, posts before the pages that link to them. */
export function allPages(site: Site): string[] {
  return [
    ...site.posts.map((p) => paths.post(p.slug)),
    ...listingPages(site).keys(),
    ...site.categories.map((c) => paths.categoryFeed(c.slug)),
    ...siteWide,
  ];
}

export type PagePlan = {
  /** Pages to write, in order: a page is written before any page that links to it. */
  write: string[];
  /** Files to remove, before the writes (pages that no longer exist). */
  remove: string[];
};

/**
 * The pages a change to some posts touches: those posts' own pages, every listing page whose
 * content differs between the snapshot the live files came from (`before`) and the new one
 * (usually the first page and one archive page), the feeds of the categories involved, the
 * blog's feed and its sitemap. Blog-wide changes (name, colours, categories) take a full render.
 */
export function planIncremental(before: Site, after: Site, postIds: string[]): PagePlan {
  const changed = new Set(postIds);
  const oldPosts = before.posts.filter((p) => changed.has(p.id));
  const newPosts = after.posts.filter((p) => changed.has(p.id));

  const listingsBefore = listingPages(before);
  const listingsAfter = listingPages(after);
  const listings = [...listingsAfter].filter(
    ([path, signature]) => listingsBefore.get(path) !== signature,
  );

  const feeds = new Set<string>();
  for (const post of oldPosts)
    for (const c of categoryTrail(before, post.categoryId)) feeds.add(c.slug);
  for (const post of newPosts)
    for (const c of categoryTrail(after, post.categoryId)) feeds.add(c.slug);

  const write = [
    ...newPosts.map((p) => paths.post(p.slug)),
    ...listings.map(([path]) => path),
    ...[...feeds]
      .filter((slug) => after.categoriesBySlug.has(slug))
      .map((slug) => paths.categoryFeed(slug)),
    paths.feed(),
    paths.sitemap(),
  ];
  const writing = new Set(write);
  const stale = [
    ...oldPosts.map((p) => paths.post(p.slug)),
    ...[...listingsBefore.keys()].filter((path) => !listingsAfter.has(path)),
  ];
  return { write, remove: [...new Set(stale.filter((path) => !writing.has(path)))] };
}
