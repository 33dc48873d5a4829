import {
  archiveCount,
  archivePage,
  firstPage,
  type Listing,
  listingSignature,
} from "../theme/lib/archive.ts";
import {
  authorsOf,
  carryPostsInCategory,
  categoryTrail,
  newestFirst,
  postsInCategory,
  postsPerPage,
  postsWithTag,
  type Site,
  sameCategories,
  type ThemePost,
  tagsOf,
} from "../theme/lib/site.ts";
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

const listingsOf = new WeakMap<Site, Map<string, Listing>>();

/**
 * Every listing page (home, archives, categories and their archives) with what it shows.
 * Kept per snapshot: the next incremental render compares against it without recomputing.
 * A listing holds the post objects it shows (slices, no strings): a snapshot reuses the objects
 * of unchanged posts, so two listings compare by identity in a few microseconds, and only a
 * listing showing a changed post builds its signature (a 10,000-post blog has ~1,000 listings).
 */
export function listingPages(site: Site, carry?: Site): Map<string, Listing> {
  const known = listingsOf.get(site);
  if (known) return known;
  const pages = new Map<string, Listing>();
  listingsOf.set(site, pages);
  // The listings of the snapshot this one was made from (same categories): archive pages that
  // show the same posts are taken over as they are, not sliced again (a publish changes the
  // newest archive page of a list; the ~500 older ones stay).
  const from =
    carry && carry.blog.author.slug === site.blog.author.slug && sameCategories(carry, site)
      ? listingsOf.get(carry)
      : undefined;
  const addAll = (
    posts: Site["posts"],
    first: string,
    archive: (n: number) => string,
    before?: Site["posts"],
  ) => {
    pages.set(first, firstPage(posts));
    const kept = from && before ? keptArchivePages(before, posts) : 0;
    for (let n = 1; n <= archiveCount(posts.length); n++) {
      const same = n <= kept ? from?.get(archive(n)) : undefined;
      pages.set(archive(n), same ?? (archivePage(posts, n) as Listing));
    }
  };
  addAll(site.posts, "/", paths.page, carry?.posts);
  // Each author's page lists their posts (decision 368). When every post is the blog author's
  // (a blog without a team), their listings are the home's (not computed twice).
  for (const [slug, { posts }] of authorsOf(site)) {
    if (posts === site.posts) {
      pages.set(paths.author(slug), pages.get("/") as Listing);
      for (let n = 1; n <= archiveCount(site.posts.length); n++) {
        pages.set(paths.authorArchive(slug, n), pages.get(paths.page(n)) as Listing);
      }
      continue;
    }
    addAll(
      posts,
      paths.author(slug),
      (n) => paths.authorArchive(slug, n),
      carry && authorsOf(carry).get(slug)?.posts,
    );
  }
  for (const category of site.categories) {
    addAll(
      postsInCategory(site, category.id),
      paths.category(category.slug),
      (n) => paths.categoryArchive(category.slug, n),
      carry && postsInCategory(carry, category.id),
    );
  }
  // Each tag with published posts lists them as a category does (issue 33).
  for (const [slug, { posts }] of tagsOf(site)) {
    addAll(
      posts,
      paths.tag(slug),
      (n) => paths.tagArchive(slug, n),
      carry && postsWithTag(carry, slug),
    );
  }
  return pages;
}

/**
 * How many archive pages (from page 1, the oldest) of a list show exactly what they showed in
 * `before`: the pages wholly within the posts both lists share from the oldest, short of the
 * newest archive page of either (its link to newer posts may differ).
 */
function keptArchivePages(before: Site["posts"], after: Site["posts"]): number {
  let common = Math.min(before.length, after.length);
  if (before !== after) {
    for (let o = 0; o < common; o++) {
      if (before[before.length - 1 - o] !== after[after.length - 1 - o]) {
        common = o;
        break;
      }
    }
  }
  const archives = Math.min(archiveCount(before.length), archiveCount(after.length));
  return Math.max(0, Math.min(Math.floor(common / postsPerPage), archives - 1));
}

const categoryNameIn = (site: Site) => (id: string | null) =>
  id ? (site.categoriesById.get(id)?.name ?? "") : "";

/** Whether two listings render the same page: same neighbours, same cards in the same order. */
function sameListing(
  before: Listing,
  after: Listing,
  siteBefore: Site,
  siteAfter: Site,
  /** Same categories, same names: a post kept as it was shows the same card. */
  categoriesKept: boolean,
) {
  if (before.newer !== after.newer || before.older !== after.older) return false;
  if (before.posts.length !== after.posts.length) return false;
  const nameBefore = categoryNameIn(siteBefore);
  const nameAfter = categoryNameIn(siteAfter);
  let sameObjects = true;
  for (let i = 0; i < before.posts.length; i++) {
    const a = before.posts[i] as Listing["posts"][number];
    const b = after.posts[i] as Listing["posts"][number];
    if (a !== b) sameObjects = false;
    else if (!categoriesKept && nameBefore(a.categoryId) !== nameAfter(b.categoryId)) return false;
  }
  // A changed post is a new object: its card may still read the same (a new body only).
  return sameObjects || listingSignature(before, nameBefore) === listingSignature(after, nameAfter);
}

const siteWide = [paths.feed(), paths.sitemap(), "/robots.txt", paths.privacy(), paths.subscribe()];

/** Every page of the site, posts before the pages that link to them. */
export function allPages(site: Site): string[] {
  return [
    ...site.posts.map((p) => paths.post(p.slug)),
    ...listingPages(site).keys(),
    ...site.categories.map((c) => paths.categoryFeed(c.slug)),
    ...[...tagsOf(site).keys()].map((slug) => paths.tagFeed(slug)),
    ...siteWide,
  ];
}

/**
 * The posts among `postIds` that differ between the two snapshots. An incremental snapshot
 * keeps the object of a post whose fields are all as they were, so a post named again (a job
 * names every post changed since the blog's last finished run) costs no page when a run
 * already rendered it as it is.
 */
export function changedPostIds(before: Site, after: Site, postIds: Iterable<string>): string[] {
  return [...new Set(postIds)].filter((id) => before.postsById.get(id) !== after.postsById.get(id));
}

export type PagePlan = {
  /** Pages to write, in order: a page is written before any page that links to it. */
  write: string[];
  /** Files to remove, before the writes (pages that no longer exist). */
  remove: string[];
  /**
   * How many of `write` readers look for first (the changed posts' pages, then the home page):
   * they are made live before the rest of the set.
   */
  readersFirst: number;
};

/**
 * The pages a change to some posts touches: those posts' own pages, every listing page whose
 * content differs between the snapshot the live files came from (`before`) and the new one
 * (usually the first page and one archive page), the feeds of the categories and tags involved,
 * the blog's feed and its sitemap. Blog-wide changes (name, colours, categories) take a full render.
 */
export function planIncremental(before: Site, after: Site, postIds: string[]): PagePlan {
  const changed = new Set(changedPostIds(before, after, postIds));
  const postsOf = (site: Site) =>
    [...changed]
      .map((id) => site.postsById.get(id))
      .filter((p): p is ThemePost => p !== undefined)
      .sort(newestFirst);
  const oldPosts = postsOf(before);
  const newPosts = postsOf(after);

  const listingsBefore = listingPages(before);
  carryPostsInCategory(before, after, changed);
  const listingsAfter = listingPages(after, before);
  const categoriesKept = sameCategories(before, after);
  const listings = [...listingsAfter].filter(([path, listing]) => {
    const previous = listingsBefore.get(path);
    if (previous === listing) return false;
    return previous === undefined || !sameListing(previous, listing, before, after, categoriesKept);
  });

  const feeds = new Set<string>();
  for (const post of oldPosts)
    for (const c of categoryTrail(before, post.categoryId)) feeds.add(c.slug);
  for (const post of newPosts)
    for (const c of categoryTrail(after, post.categoryId)) feeds.add(c.slug);
  // The tags a changed post had or has: their feeds, and their pages (as listings, above).
  const tagFeeds = new Set<string>();
  for (const post of [...oldPosts, ...newPosts])
    for (const tag of post.tags ?? []) tagFeeds.add(tag.slug);
  const tagsAfter = tagsOf(after);

  // Nothing a reader sees changed (a run for posts an earlier run already rendered): the feed
  // and the sitemap, made from the same objects, would come out byte for byte as they are.
  const siteWideToo = changed.size > 0 || listings.length > 0 || !categoriesKept;
  const write = [
    ...newPosts.map((p) => paths.post(p.slug)),
    ...listings.map(([path]) => path),
    ...[...feeds]
      .filter((slug) => after.categoriesBySlug.has(slug))
      .map((slug) => paths.categoryFeed(slug)),
    ...[...tagFeeds].filter((slug) => tagsAfter.has(slug)).map((slug) => paths.tagFeed(slug)),
    ...(siteWideToo ? [paths.feed(), paths.sitemap()] : []),
  ];
  // The listings keep the order of `listingPages`, the home page first.
  const readersFirst = newPosts.length + (listings[0]?.[0] === "/" ? 1 : 0);
  const writing = new Set(write);
  const stale = [
    ...oldPosts.map((p) => paths.post(p.slug)),
    ...[...listingsBefore.keys()].filter((path) => !listingsAfter.has(path)),
    // A tag whose last published post left it has no page and no feed any more.
    ...[...tagFeeds].filter((slug) => !tagsAfter.has(slug)).map((slug) => paths.tagFeed(slug)),
  ];
  return {
    write,
    remove: [...new Set(stale.filter((path) => !writing.has(path)))],
    readersFirst,
  };
}
