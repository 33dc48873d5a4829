import { postsPerPage, type Site, type ThemePost } from "./site.ts";

/**
 * Listing pages that stay put as a blog grows. The first page shows the newest posts; older
 * posts live on archive pages numbered from the oldest post (page 1 holds the first 20 ever
 * published), so publishing a post changes the first page and at most one or two archive
 * pages, not every page of the blog. Archive pages whose posts are all on the first page
 * are not made.
 */
export type Listing = {
  posts: ThemePost[];
  /** The archive page with newer posts, or "first" for the first page; null on the first page. */
  newer: number | "first" | null;
  /** The archive page with older posts, or null at the oldest. */
  older: number | null;
};

/** What a listing page (home, author, category) is given. */
export type ListingPageProps = {
  site: Site;
  listing: Listing;
  /** Archive page number, or undefined for the listing's first page. */
  page?: number;
};

/** Archive pages for a list of `total` posts (0 when they all fit on the first page). */
export function archiveCount(total: number): number {
  return total > postsPerPage ? Math.floor((total - postsPerPage - 1) / postsPerPage) + 1 : 0;
}

/** `posts` newest first. */
export function firstPage(posts: ThemePost[]): Listing {
  const archives = archiveCount(posts.length);
  return {
    posts: posts.slice(0, postsPerPage),
    newer: null,
    older: archives > 0 ? archives : null,
  };
}

/** Archive page `page` (1 = oldest) of `posts` (newest first), or undefined if there is none. */
export function archivePage(posts: ThemePost[], page: number): Listing | undefined {
  const archives = archiveCount(posts.length);
  if (!Number.isInteger(page) || page < 1 || page > archives) return undefined;
  const total = posts.length;
  // Ordinal o (0 = oldest) sits at index total - 1 - o of the newest-first list.
  const from = total - Math.min(page * postsPerPage, total);
  const to = total - (page - 1) * postsPerPage;
  return {
    posts: posts.slice(from, to),
    newer: page < archives ? page + 1 : "first",
    older: page > 1 ? page - 1 : null,
  };
}

/**
 * A card's part of a signature, kept per post object: incremental renders reuse the unchanged
 * posts' objects, so a blog of 10,000 posts does not rebuild 10,000 strings per publish.
 */
const cardSignatures = new WeakMap<object, { category: string; signature: string }>();

function cardSignature(post: Listing["posts"][number], category: string): string {
  const known = cardSignatures.get(post);
  if (known && known.category === category) return known.signature;
  const signature = [
    post.id,
    post.slug,
    post.title,
    post.excerpt,
    post.publishedAt.getTime(),
    category,
  ].join("\u0001");
  cardSignatures.set(post, { category, signature });
  return signature;
}

/** What a listing page shows, as a string: two equal signatures render the same page. */
export function listingSignature(
  listing: Listing,
  categoryName: (id: string | null) => string,
): string {
  const cards = listing.posts.map((p) => cardSignature(p, categoryName(p.categoryId)));
  return [String(listing.newer), String(listing.older), ...cards].join("\u0002");
}
