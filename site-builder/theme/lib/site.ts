import type { PublicBlog } from "../../../contracts/public-blog.ts";
import type { ThemeImage } from "./images.ts";
import { VersionedMap } from "./versioned-map.ts";

/** The data one blog's pages are rendered from: a read-only snapshot of its published content. */

/** The blog as every page shows it: its public face, its author and its AI disclosure. */
export type ThemeBlog = PublicBlog & {
  /** Who readers see as the author of every post (decision 055): never from the e-mail. */
  author: ThemeAuthor;
  /** Show the 'AI-assisted' note on posts marked `aiAssisted` (decision 057). */
  aiDisclosure: boolean;
  /** IANA time zone of the blog's public dates (decision 140); UTC when absent. */
  timeZone?: string;
  /** An uploaded logo (shown instead of `logoUrl`). */
  logo?: ThemeImage;
  /** Reader analytics as the owner set them (issue 18); absent: counting on, DNT not honoured. */
  analytics?: ThemeAnalytics;
  /**
   * Whether the blog takes e-mail subscribers (the server can send e-mail, decision 375): the
   * subscribe form shows on the home page, under posts and on `/subscribe` only then.
   */
  subscribe?: boolean;
};

/** Whether pages carry the counting beacon, and whether Do Not Track is honoured. */
export type ThemeAnalytics = { enabled: boolean; honorDoNotTrack: boolean };

/**
 * Who the blog's posts are by: its persona when the owner named one (decision 333), else the
 * owner's public name (or the blog's name); the author page's slug, and the bio. A persona
 * may add credentials, profile pages (`sameAs`) and a photo of the blog's library.
 */
export type ThemeAuthor = {
  name: string;
  slug: string;
  bio: string | null;
  credentials?: string | null;
  links?: string[];
  photo?: ThemeImage;
  /**
   * For a persona: the person who answers for it (decision 368), by their byline on the blog;
   * `slug` when they have an author page there.
   */
  responsible?: { name: string; slug?: string };
};

/** A source the post cites and links (post_research, decision 333): its address and title. */
export type ThemeCitation = { url: string; name: string };

/**
 * How an AI-assisted post was made, for its "How this post was made" note (decision 342): the
 * model that drafted it (null when not recorded), when, and what a person did before it went
 * live — edited the AI's text, reviewed it and published it as written, or nothing (automation
 * published it unattended).
 */
export type ThemeMaking = {
  model: string | null;
  draftedAt: Date;
  human: "edited" | "reviewed" | "none";
};

export type ThemeCategory = { id: string; name: string; slug: string; parentId: string | null };

/** A tag as readers see it: a chip on its posts and a page `/tag/{slug}` with a feed. */
export type ThemeTag = { name: string; slug: string };

export type ThemePost = {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  /** Sanitized body, affiliate links inserted. */
  html: string;
  publishedAt: Date;
  updatedAt: Date;
  categoryId: string | null;
  keywords: string[];
  metaTitle: string | null;
  metaDescription: string | null;
  /** Filled with AI output and not substantially edited since (decision 057). */
  aiAssisted: boolean;
  /** The post's feature image (cards, the post page): shared instead of a social card. */
  featureImage?: ThemeImage | null;
  /** The sources readers can follow, in the order of the post's Sources list. */
  citations?: ThemeCitation[];
  /** How the post was made, for AI-assisted posts (decision 342). */
  making?: ThemeMaking;
  /** The post's tags in the writer's order (absent: none). */
  tags?: ThemeTag[];
  /**
   * The person who wrote it, by their profile on the blog (decision 368); absent: the blog's
   * author (`blog.author`: imported and AI-written posts, and the owner's without a profile).
   */
  author?: ThemeAuthor;
  /**
   * The person who approved it for publishing in the review queue (decision 371), by their
   * public name on the blog; absent when nobody reviewed it or they have no public name.
   */
  reviewer?: { name: string };
};

export type Site = {
  blog: ThemeBlog;
  /** Absolute URL of the blog's home on its canonical host, without a trailing slash. */
  canonicalBase: string;
  /** Published posts, newest first. */
  posts: ThemePost[];
  categories: ThemeCategory[];
  /** Versioned (decision 230): an incremental snapshot's maps cost its changes, not a copy. */
  postsBySlug: ReadonlyMap<string, ThemePost>;
  postsById: ReadonlyMap<string, ThemePost>;
  categoriesBySlug: Map<string, ThemeCategory>;
  categoriesById: Map<string, ThemeCategory>;
  childrenOf: Map<string | null, ThemeCategory[]>;
  /** Former slugs of published posts → current slug (answered with 301). */
  redirects: Map<string, string>;
  /** An owner's preview of unpublished content: marked noindex and labelled on the page. */
  preview: boolean;
  /** The blog's media library by hash: images in post HTML that name one become `<picture>`. */
  media: ReadonlyMap<string, ThemeImage>;
};

export const postsPerPage = 20;

/** The order of `Site.posts`: newest first, then by slug. */
export const newestFirst = (a: ThemePost, b: ThemePost) =>
  b.publishedAt.getTime() - a.publishedAt.getTime() || a.slug.localeCompare(b.slug);

/**
 * `added` put into `list` (both in `newestFirst` order), in place: each added post goes where a binary search puts it (a publish into 10,000 posts compares a dozen times, where
 * sorting the whole list again compares thousands of slugs).
 */
export function insertSorted(list: ThemePost[], added: Iterable<ThemePost>): ThemePost[] {
  for (const post of added) {
    let low = 0;
    let high = list.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (newestFirst(list[middle] as ThemePost, post) <= 0) low = middle + 1;
      else high = middle;
    }
    list.splice(low, 0, post);
  }
  return list;
}

/**
 * `after`'s posts by id and by slug from `previous`'s, when `after` differs from it only in the
 * posts `ids` (`posts` are those of them now published): new versions of `previous`'s maps,
 * at the cost of those posts. Undefined when the slugs would not come out as a whole build
 * makes them (two posts of one slug; a build keeps the later one).
 */
function patchedPostMaps(previous: Site, changes: { ids: Iterable<string>; posts: ThemePost[] }) {
  // Two posts of one slug before (a build keeps one of them in the map): built whole.
  if (previous.postsBySlug.size !== previous.postsById.size) return undefined;
  const ids = new Set(changes.ids);
  const byId: [string, ThemePost | undefined][] = [];
  const bySlug: [string, ThemePost | undefined][] = [];
  for (const id of ids) {
    byId.push([id, undefined]);
    const old = previous.postsById.get(id);
    if (old && previous.postsBySlug.get(old.slug) === old) bySlug.push([old.slug, undefined]);
  }
  const slugs = new Set<string>();
  for (const post of changes.posts) {
    const holder = previous.postsBySlug.get(post.slug);
    if (!ids.has(post.id) || slugs.has(post.slug) || (holder && !ids.has(holder.id))) {
      return undefined;
    }
    slugs.add(post.slug);
    byId.push([post.id, post]);
    bySlug.push([post.slug, post]);
  }
  return {
    postsById: VersionedMap.of(previous.postsById).with(byId),
    postsBySlug: VersionedMap.of(previous.postsBySlug).with(bySlug),
  };
}

export function buildSite(input: {
  blog: ThemeBlog;
  canonicalBase: string;
  posts: ThemePost[];
  /** The posts are already in `newestFirst` order (an incremental snapshot keeps them so). */
  sorted?: boolean;
  /**
   * `posts` are `previous`'s but for the posts `ids` (`posts` here: those of them published
   * now): the maps by id and slug are derived from `previous`'s (decision 230).
   */
  changes?: { previous: Site; ids: Iterable<string>; posts: ThemePost[] };
  categories: ThemeCategory[];
  redirects?: Map<string, string>;
  preview?: boolean;
  media?: ReadonlyMap<string, ThemeImage>;
}): Site {
  // Sorting 10,000 posts costs milliseconds (posts of one moment compare their slugs).
  const posts = input.sorted ? input.posts : [...input.posts].sort(newestFirst);
  const categories = [...input.categories].sort((a, b) => a.name.localeCompare(b.name));
  const childrenOf = new Map<string | null, ThemeCategory[]>();
  const categoriesById = new Map(categories.map((c) => [c.id, c]));
  for (const category of categories) {
    const parent =
      category.parentId && categoriesById.has(category.parentId) ? category.parentId : null;
    const siblings = childrenOf.get(parent) ?? [];
    siblings.push(category);
    childrenOf.set(parent, siblings);
  }
  const maps = (input.changes && patchedPostMaps(input.changes.previous, input.changes)) ?? {
    postsBySlug: new VersionedMap(new Map(posts.map((p) => [p.slug, p]))),
    postsById: new VersionedMap(new Map(posts.map((p) => [p.id, p]))),
  };
  return {
    blog: input.blog,
    canonicalBase: input.canonicalBase.replace(/\/+$/, ""),
    posts,
    categories,
    ...maps,
    categoriesBySlug: new Map(categories.map((c) => [c.slug, c])),
    categoriesById,
    childrenOf,
    redirects: input.redirects ?? new Map(),
    preview: input.preview ?? false,
    media: input.media ?? new Map(),
  };
}

/** The category and its ancestors, root first. Guards against cycles in bad data. */
export function categoryTrail(site: Site, categoryId: string | null): ThemeCategory[] {
  const trail: ThemeCategory[] = [];
  const seen = new Set<string>();
  let current = categoryId ? site.categoriesById.get(categoryId) : undefined;
  while (current && !seen.has(current.id)) {
    seen.add(current.id);
    trail.unshift(current);
    current = current.parentId ? site.categoriesById.get(current.parentId) : undefined;
  }
  return trail;
}

const categoryPosts = new WeakMap<Site, Map<string, ThemePost[]>>();

/** The posts of a category and its descendants, newest first (computed once per snapshot). */
export function postsInCategory(site: Site, categoryId: string): ThemePost[] {
  let byCategory = categoryPosts.get(site);
  if (!byCategory) {
    byCategory = new Map();
    categoryPosts.set(site, byCategory);
  }
  if (byCategory.size === 0) {
    // Every category's list in one pass: each post joins its category and every ancestor.
    for (const category of site.categories) byCategory.set(category.id, []);
    for (const post of site.posts) {
      for (const category of categoryTrail(site, post.categoryId)) {
        byCategory.get(category.id)?.push(post);
      }
    }
  }
  return byCategory.get(categoryId) ?? [];
}

/** Whether two snapshots have the same categories: same ids, names, slugs and parents. */
export function sameCategories(a: Site, b: Site): boolean {
  if (a.categories.length !== b.categories.length) return false;
  return a.categories.every((category, i) => {
    const other = b.categories[i];
    return (
      other !== undefined &&
      other.id === category.id &&
      other.name === category.name &&
      other.slug === category.slug &&
      other.parentId === category.parentId
    );
  });
}

/**
 * Fills `after`'s category lists from `before`'s, when only the posts `changedIds` differ and
 * the categories are the same: a category neither their old nor their new category (or its
 * ancestors) keeps its list, the others drop those posts and take their new versions in order.
 * A publish into a 10,000-post blog then walks a few category lists, not every post's trail.
 */
export function carryPostsInCategory(before: Site, after: Site, changedIds: Set<string>): void {
  if (categoryPosts.get(after)?.size || !sameCategories(before, after)) return;
  const touched = new Set<string>();
  for (const id of changedIds) {
    const old = before.postsById.get(id);
    const next = after.postsById.get(id);
    if (old) for (const c of categoryTrail(before, old.categoryId)) touched.add(c.id);
    if (next) for (const c of categoryTrail(after, next.categoryId)) touched.add(c.id);
  }
  const byCategory = new Map<string, ThemePost[]>();
  for (const category of after.categories) {
    const previous = postsInCategory(before, category.id);
    if (!touched.has(category.id)) {
      byCategory.set(category.id, previous);
      continue;
    }
    const list = previous.filter((post) => !changedIds.has(post.id));
    for (const id of changedIds) {
      const post = after.postsById.get(id);
      if (!post || !categoryTrail(after, post.categoryId).some((c) => c.id === category.id)) {
        continue;
      }
      insertSorted(list, [post]);
    }
    byCategory.set(category.id, list);
  }
  categoryPosts.set(after, byCategory);
}

/** A blog's tags with their published posts (newest first), by slug, in name order. */
export type TagListing = { tag: ThemeTag; posts: ThemePost[] };

const tagListings = new WeakMap<Site, Map<string, TagListing>>();

/**
 * Every tag that has a published post, with those posts newest first (one pass over the posts,
 * computed once per snapshot). A tag without published posts has no page.
 */
export function tagsOf(site: Site): Map<string, TagListing> {
  const known = tagListings.get(site);
  if (known) return known;
  const bySlug = new Map<string, TagListing>();
  for (const post of site.posts) {
    for (const tag of post.tags ?? []) {
      const listing = bySlug.get(tag.slug);
      if (listing) listing.posts.push(post);
      else bySlug.set(tag.slug, { tag, posts: [post] });
    }
  }
  const sorted = new Map([...bySlug].sort(([, a], [, b]) => a.tag.name.localeCompare(b.tag.name)));
  tagListings.set(site, sorted);
  return sorted;
}

/** The published posts of the tag of this slug, newest first (none for an unknown slug). */
export function postsWithTag(site: Site, slug: string): ThemePost[] {
  return tagsOf(site).get(slug)?.posts ?? [];
}

/** Who readers see as the author of a post: its own author, else the blog's. */
export const authorOfPost = (site: Site, post: ThemePost): ThemeAuthor =>
  post.author ?? site.blog.author;

/** An author with their published posts, newest first. */
export type AuthorListing = { author: ThemeAuthor; posts: ThemePost[] };

const authorListings = new WeakMap<Site, Map<string, AuthorListing>>();

/**
 * Every author page by slug (decision 368): the blog's author first, always (as before teams),
 * then each person with published posts, with those posts newest first. One pass over the
 * posts, computed once per snapshot; when every post is the blog author's, their list is
 * `site.posts` itself.
 */
export function authorsOf(site: Site): Map<string, AuthorListing> {
  const known = authorListings.get(site);
  if (known) return known;
  const { author } = site.blog;
  const bySlug = new Map<string, AuthorListing>([[author.slug, { author, posts: [] }]]);
  let others = false;
  for (const post of site.posts) {
    const by = post.author ?? author;
    if (by.slug !== author.slug) others = true;
    const listing = bySlug.get(by.slug);
    if (listing) listing.posts.push(post);
    else bySlug.set(by.slug, { author: by, posts: [post] });
  }
  if (!others) bySlug.set(author.slug, { author, posts: site.posts });
  authorListings.set(site, bySlug);
  return bySlug;
}
