import { and, count, eq, inArray, sql } from "drizzle-orm";
import { asciiSlug } from "../../../contracts/ascii-slug.ts";
import { isSameSitePath } from "../../../contracts/redirects.ts";
import { slugify } from "../../../contracts/slug.ts";
import { archiveCount } from "../../../site-builder/theme/lib/archive.ts";
import { KeySet, VersionedMap } from "../../../site-builder/theme/lib/versioned-map.ts";
import type { Database } from "../../db/client.ts";
import { first, isPostgres, rawRows } from "../../db/query.ts";
import {
  blogRedirects,
  blogs,
  blogVoices,
  categories,
  postSlugHistory,
  posts,
  postTags,
  removedPostSlugs,
  tags,
  users,
} from "../../db/schema.ts";
import { loadPeople, loadProfiles, makeBylines, type PublicPerson } from "../publishing/bylines.ts";
import { blogKey, type PageCache } from "./page-cache.ts";

/**
 * What a blog's addresses can name, without its content: the slugs of its published posts
 * (current and former), of its categories, how many archive pages each listing has, and the
 * slugs of posts that were published and are gone. Small (a few strings per post), built from
 * a few narrow queries, and kept in the page cache until the blog's content changes
 * (decisions 065, 359). It is what lets an unknown address answer 404 (or 410) without
 * storage or the blog's content, and keeps a post that is no longer published from being
 * served while its file lags behind the database.
 */
export type PublishedIndex = {
  posts: ReadonlySet<string>;
  /** Former slugs of published posts (answered with a 301 to the current one). */
  redirects: Set<string>;
  /** Slugs of posts that were published and no longer are: 410 Gone. */
  gone: Set<string>;
  /** Archive pages of the home listing. */
  archives: number;
  /** Category slug → archive pages of its listing. */
  categories: Map<string, number>;
  /** Slug of each tag with published posts → archive pages of its listing. */
  tags?: Map<string, number>;
  /** The slug of the blog's author page (decision 056): the persona's, else the owner's. */
  author: string;
  /**
   * Each author page's slug → its archive pages (decision 368): the blog's author and each
   * person with published posts. The counts are those of each person's posts, an upper bound
   * where some of them are the blog author's (AI-written): a page beyond the real count is
   * rendered on request and answers the theme's 404. Absent: `author` lists every post.
   */
  authors?: Map<string, number>;
  /**
   * Old addresses of the blog (imported permalinks, decision 143): normalized path → the
   * site-relative path they answer a 301 to, when nothing else lives there.
   */
  moved?: Map<string, string>;
};

/**
 * How a request for a file of the blog's output is answered:
 * - `content`: the path names published content (serve its file, or render it live);
 *   `live`: render it whatever the files hold (a former slug: its file, if any, is stale);
 * - `missing`: it never can (404); `gone`: a post that was published and is not any more (410).
 * `notFound` names the theme's page for the kind of address (its wording differs per kind).
 */
export type PathVerdict =
  | { kind: "content"; live?: true; asset?: true }
  | { kind: "missing" | "gone"; notFound: NotFoundKind };

/** The theme path whose not-found page answers each kind of address. */
export const notFoundPaths = {
  page: "/404",
  post: "/post/-",
  listing: "/page/0",
  category: "/category/-",
  tag: "/tag/-",
} as const;
export type NotFoundKind = keyof typeof notFoundPaths;

const missing = (notFound: NotFoundKind): PathVerdict => ({ kind: "missing", notFound });
const content: PathVerdict = { kind: "content" };
const siteWide = new Set([
  "index.html",
  "rss.xml",
  "sitemap.xml",
  "robots.txt",
  "privacy.html",
  "subscribe.html",
]);

/** `n` as the theme accepts it: a canonical whole number from 1 to `archives`. */
const isArchivePage = (n: string, archives: number) => {
  const page = Number(n);
  return String(page) === n && Number.isInteger(page) && page >= 1 && page <= archives;
};

/**
 * Where an old address of the blog (an imported permalink) now lives, for a request path that
 * names nothing here (decision 143); undefined when it is not one.
 */
export function movedTarget(index: PublishedIndex, requestPath: string): string | undefined {
  if (!index.moved?.size) return undefined;
  let path = requestPath;
  try {
    path = decodeURIComponent(requestPath);
  } catch {
    // as sent
  }
  return index.moved.get(path.replace(/\/+$/, ""));
}

/**
 * A content-hashed file of the build (decisions 120, 121): a social card `og/{hash}.png` or a
 * font `fonts/{face}.{hash}.woff2`. Served from the build when there, never rendered.
 */
const assetFile = /^(og\/[0-9a-f]{16}\.png|fonts\/[a-z0-9-]+\.[0-9a-f]{10}\.woff2)$/;
const asset: PathVerdict = { kind: "content", asset: true };

/**
 * A tag's or a category's page, feed or archive page (`tag/{slug}.html`, `tag/{slug}/rss.xml`,
 * `tag/{slug}/page/{n}.html`) against the index's listings of that kind, or undefined when
 * `parts` name none of these.
 */
function classifyListing(
  listings: Map<string, number> | undefined,
  parts: string[],
  kind: "tag" | "category",
): PathVerdict | undefined {
  const [, slug, third, fourth] = parts;
  if (slug === undefined) return undefined;
  if (parts.length === 2 && slug.endsWith(".html")) {
    return listings?.has(slug.slice(0, -".html".length)) ? content : missing(kind);
  }
  const archives = listings?.get(slug);
  if (parts.length === 3 && third === "rss.xml") {
    return archives === undefined ? missing("page") : content;
  }
  if (parts.length === 4 && third === "page" && fourth?.endsWith(".html")) {
    return archives !== undefined && isArchivePage(fourth.slice(0, -".html".length), archives)
      ? content
      : missing("listing");
  }
  return undefined;
}

/** The verdict for `file` (as `fileForRequestPath` names it) of a blog with this index. */
export function classifyFile(index: PublishedIndex, file: string): PathVerdict {
  if (siteWide.has(file)) return content;
  if (assetFile.test(file)) return asset;
  const parts = file.split("/");
  const [first, second, third, fourth] = parts;
  if (first === "post" && parts.length === 2 && second?.endsWith(".html")) {
    const slug = second.slice(0, -".html".length);
    if (index.posts.has(slug)) return content;
    if (index.redirects.has(slug)) return { kind: "content", live: true };
    return index.gone.has(slug) ? { kind: "gone", notFound: "post" } : missing("post");
  }
  if (first === "page" && parts.length === 2 && second?.endsWith(".html")) {
    return isArchivePage(second.slice(0, -".html".length), index.archives)
      ? content
      : missing("listing");
  }
  if (first === "author" && second !== undefined) {
    const archivesOf = (slug: string) =>
      index.authors?.get(slug) ?? (slug === index.author ? index.archives : undefined);
    if (parts.length === 2 && second.endsWith(".html")) {
      return archivesOf(second.slice(0, -".html".length)) === undefined ? missing("page") : content;
    }
    const archives = archivesOf(second);
    if (
      parts.length === 4 &&
      archives !== undefined &&
      third === "page" &&
      fourth?.endsWith(".html")
    )
      return isArchivePage(fourth.slice(0, -".html".length), archives)
        ? content
        : missing("listing");
    return missing("page");
  }
  if (first === "tag" || first === "category") {
    const verdict = classifyListing(first === "tag" ? index.tags : index.categories, parts, first);
    if (verdict !== undefined) return verdict;
  }
  return missing("page");
}

/** A published post as the index knows it: its slug, category and author, by id. */
type IndexedPost = { slug: string; categoryId: string | null; authorId?: string | null };

/**
 * The index with what it was derived from, so a change to a few posts patches it (reading
 * those posts only) instead of reading every post again (decision 081).
 */
export type IndexSource = {
  index: PublishedIndex;
  /** Published posts by id. */
  posts: ReadonlyMap<string, IndexedPost>;
  /**
   * What a patch carries on instead of deriving it from every post again (decision 230): the
   * id of the post of each published slug, absent when two posts share one, and how many
   * published posts each category holds directly.
   */
  derived?: {
    slugs: VersionedMap<string, string> | undefined;
    direct: Map<string, number>;
    /** Published posts per author id. */
    byAuthor?: Map<string, number>;
  };
};

/**
 * The small parts of the index, read whole on every build and patch: a few rows each (the
 * imported permalinks can be more, but are read through the blog's index).
 */
async function loadSmallParts(db: Database, blogId: string) {
  const [categoryRows, history, removed, owner, moved, tagCounts, profiles] = await Promise.all([
    db
      .select({ id: categories.id, slug: categories.slug, parentId: categories.parentId })
      .from(categories)
      .where(eq(categories.blogId, blogId)),
    db
      .select({ slug: postSlugHistory.slug })
      .from(postSlugHistory)
      .innerJoin(posts, eq(posts.id, postSlugHistory.postId))
      .where(and(eq(postSlugHistory.blogId, blogId), eq(posts.status, "published"))),
    db
      .select({ slug: removedPostSlugs.slug })
      .from(removedPostSlugs)
      .where(eq(removedPostSlugs.blogId, blogId)),
    first(
      db
        .select({
          blogName: blogs.name,
          ownerId: blogs.ownerId,
          publicName: users.publicName,
          publicBio: users.publicBio,
          personaName: blogVoices.personaName,
          responsibleUserId: blogVoices.personaResponsibleUserId,
        })
        .from(blogs)
        .leftJoin(users, eq(users.id, blogs.ownerId))
        .leftJoin(blogVoices, eq(blogVoices.blogId, blogs.id))
        .where(eq(blogs.id, blogId)),
    ),
    db
      .select({ from: blogRedirects.fromPath, to: blogRedirects.toPath })
      .from(blogRedirects)
      .where(eq(blogRedirects.blogId, blogId)),
    // Published posts per tag: a tag's page exists while it has one.
    db
      .select({ slug: tags.slug, n: count() })
      .from(tags)
      .innerJoin(postTags, eq(postTags.tagId, tags.id))
      .innerJoin(posts, eq(posts.id, postTags.postId))
      .where(and(eq(tags.blogId, blogId), eq(posts.status, "published")))
      .groupBy(tags.slug),
    loadProfiles(db, blogId),
  ]);
  return { categoryRows, history, removed, owner, moved, tagCounts, profiles };
}

type SmallParts = Awaited<ReturnType<typeof loadSmallParts>> & {
  /** The public names of the posts' authors without a profile (their page's slug). */
  people: ReadonlyMap<string, PublicPerson>;
};

/** The small parts, with the accounts of the authors in `byAuthor` who have no profile. */
async function withPeople(
  db: Database,
  small: Awaited<ReturnType<typeof loadSmallParts>>,
  byAuthor: ReadonlyMap<string, number>,
): Promise<SmallParts> {
  const profiled = new Set(small.profiles.map((p) => p.userId));
  const people = await loadPeople(
    db,
    [...byAuthor.keys()].filter((id) => !profiled.has(id)),
  );
  return { ...small, people };
}

/** The slugs and the direct counts of `postRows`, walking every post. */
function deriveFromPosts(postRows: ReadonlyMap<string, IndexedPost>) {
  const slugs = new Map<string, string>();
  // Published posts per category id (before ancestors are added).
  const direct = new Map<string, number>();
  const byAuthor = new Map<string, number>();
  for (const [id, post] of postRows) {
    slugs.set(post.slug, id);
    if (post.categoryId) direct.set(post.categoryId, (direct.get(post.categoryId) ?? 0) + 1);
    if (post.authorId) byAuthor.set(post.authorId, (byAuthor.get(post.authorId) ?? 0) + 1);
  }
  // Versioned only when each slug is one post's: a patch then changes a slug's one holder.
  const versioned = slugs.size === postRows.size ? new VersionedMap(slugs) : undefined;
  return { published: new KeySet(versioned ?? slugs), slugs: versioned, direct, byAuthor };
}

/**
 * `base`'s slugs and direct counts after the posts `ids` changed (`next`: the published
 * posts now): those posts are looked at, not every post. Undefined when it cannot be (a
 * base with no versioned slugs, two posts of one slug): then they are derived whole.
 */
function patchDerived(
  base: IndexSource,
  next: ReadonlyMap<string, IndexedPost>,
  ids: ReadonlySet<string>,
) {
  const slugs = base.derived?.slugs;
  if (!base.derived?.byAuthor || !slugs) return undefined;
  const direct = new Map(base.derived.direct);
  const byAuthor = new Map(base.derived.byAuthor);
  const add = (counts: Map<string, number>, key: string | null | undefined, by: number) => {
    if (!key) return;
    const n = (counts.get(key) ?? 0) + by;
    if (n === 0) counts.delete(key);
    else counts.set(key, n);
  };
  const count = (post: IndexedPost, by: number) => {
    add(direct, post.categoryId, by);
    add(byAuthor, post.authorId, by);
  };
  const changes: [string, string | undefined][] = [];
  for (const id of ids) {
    const old = base.posts.get(id);
    if (!old) continue;
    count(old, -1);
    if (slugs.get(old.slug) === id) changes.push([old.slug, undefined]);
  }
  const taken = new Set<string>();
  for (const id of ids) {
    const post = next.get(id);
    if (!post) continue;
    const holder = slugs.get(post.slug);
    if (taken.has(post.slug) || (holder !== undefined && !ids.has(holder))) return undefined;
    taken.add(post.slug);
    count(post, 1);
    changes.push([post.slug, id]);
  }
  const patched = slugs.with(changes);
  return { published: new KeySet(patched), slugs: patched, direct, byAuthor };
}

/** What the posts give the index: slugs and counts, patched when a base allows it. */
const derivePosts = (
  postRows: ReadonlyMap<string, IndexedPost>,
  patch?: { base: IndexSource; ids: ReadonlySet<string> },
) => (patch && patchDerived(patch.base, postRows, patch.ids)) ?? deriveFromPosts(postRows);

/**
 * The author pages (decision 368) by slug, with their archive pages: the blog's author (every
 * post, at most), and each person whose posts are theirs, as the snapshot makes the bylines.
 */
function authorPages(small: SmallParts, byAuthor: ReadonlyMap<string, number>, total: number) {
  const { owner, profiles, people } = small;
  const bylines = makeBylines({
    blogName: owner?.blogName ?? "",
    ownerId: owner?.ownerId ?? "",
    owner,
    // Only the name decides whether there is a persona and its slug (decision 333).
    persona: { name: owner?.personaName ?? null, bio: null },
    profiles,
    people,
    slugOf: (name) => asciiSlug(name) ?? slugify(name),
  });
  const pages = new Map([[bylines.blogAuthor.slug, archiveCount(total)]]);
  for (const [authorId, n] of byAuthor) {
    const author = bylines.authorOf({ authorId, source: "owner" });
    if (author) pages.set(author.slug, archiveCount(n));
  }
  return { author: bylines.blogAuthor.slug, authors: pages };
}

function derive(
  postRows: ReadonlyMap<string, IndexedPost>,
  small: SmallParts,
  { published, slugs, direct, byAuthor }: ReturnType<typeof derivePosts>,
): IndexSource {
  const { categoryRows, history, removed, moved, tagCounts } = small;
  const redirects = new Set(history.map((h) => h.slug).filter((slug) => !published.has(slug)));
  // A published post always wins over a tombstone of its address (re-published, or reused).
  const gone = new Set(
    removed.map((r) => r.slug).filter((slug) => !published.has(slug) && !redirects.has(slug)),
  );

  // Each post counts in its category and every ancestor (as the theme lists them).
  const byId = new Map(categoryRows.map((c) => [c.id, c]));
  const counts = new Map<string, number>();
  for (const [categoryId, count] of direct) {
    const seen = new Set<string>();
    let current = byId.get(categoryId);
    while (current && !seen.has(current.id)) {
      seen.add(current.id);
      counts.set(current.id, (counts.get(current.id) ?? 0) + count);
      current = current.parentId ? byId.get(current.parentId) : undefined;
    }
  }
  return {
    posts: postRows,
    derived: { slugs, direct, byAuthor },
    index: {
      posts: published,
      redirects,
      gone,
      archives: archiveCount(postRows.size),
      categories: new Map(categoryRows.map((c) => [c.slug, archiveCount(counts.get(c.id) ?? 0)])),
      tags: new Map(tagCounts.map((t) => [t.slug, archiveCount(Number(t.n))])),
      ...authorPages(small, byAuthor, postRows.size),
      // Stored targets were checked when written; one that is not a path of the blog (a row
      // from before that check) is never followed.
      moved: new Map(moved.filter((r) => isSameSitePath(r.to)).map((r) => [r.from, r.to])),
    },
  };
}

/** Reads the index of one blog (published posts and categories only). */
export async function loadPublishedIndex(db: Database, blogId: string): Promise<IndexSource> {
  const [postRows, small] = await Promise.all([
    // The list's covering index holds blog, id, status, slug and category: read from it
    // alone, never from the rows, whose bodies sit before those columns, and as one JSON
    // string, not a row object per post (decision 021: that conversion is most of the cost at
    // 10,000).
    rawRows<{ list: string | null }>(
      db,
      isPostgres(db)
        ? sql`select json_agg(json_build_array(id, slug, category_id, author_id))::text as list
              from posts where blog_id = ${blogId} and status = 'published'`
        : sql`select json_group_array(json_array(id, slug, category_id, author_id)) as list
              from posts indexed by posts_blog_created_idx
              where blog_id = ${blogId} and status = 'published'`,
    ).then(
      ([row]) =>
        new VersionedMap(
          new Map(
            (JSON.parse(row?.list ?? "[]") as [string, string, string | null, string | null][]).map(
              ([id, slug, categoryId, authorId]) => [
                id,
                { slug, categoryId, authorId } as IndexedPost,
              ],
            ),
          ),
        ),
    ),
    loadSmallParts(db, blogId),
  ]);
  const fromPosts = derivePosts(postRows);
  return derive(postRows, await withPeople(db, small, fromPosts.byAuthor), fromPosts);
}

/**
 * `base` after a change to `postIds` (committed before this runs): those posts are read again
 * (by id, whatever their state now), the small parts are read whole, and the rest is kept.
 */
export async function patchPublishedIndex(
  db: Database,
  blogId: string,
  base: IndexSource,
  postIds: readonly string[],
): Promise<IndexSource> {
  const [changed, small] = await Promise.all([
    db
      .select({
        id: posts.id,
        blogId: posts.blogId,
        slug: posts.slug,
        status: posts.status,
        categoryId: posts.categoryId,
        authorId: posts.authorId,
      })
      .from(posts)
      // By primary key alone: with the blog in the query SQLite walks the blog's index over
      // every post (decision 213); another blog's post is skipped below.
      .where(inArray(posts.id, [...postIds])),
    loadSmallParts(db, blogId),
  ]);
  // A new version of the posts by id, at the cost of the changed ones (decision 230).
  const ids = new Set(postIds);
  const changes: [string, IndexedPost | undefined][] = [...ids].map((id) => [id, undefined]);
  for (const row of changed) {
    if (row.status === "published" && row.blogId === blogId && ids.has(row.id))
      changes.push([
        row.id,
        { slug: row.slug, categoryId: row.categoryId, authorId: row.authorId },
      ]);
  }
  const postRows = VersionedMap.of(base.posts).with(changes);
  const fromPosts = derivePosts(postRows, { base, ids });
  return derive(postRows, await withPeople(db, small, fromPosts.byAuthor), fromPosts);
}

/** How the indexes read a blog whole, and patch one after a change to some of its posts. */
export type IndexLoader = {
  load: (blogId: string) => Promise<IndexSource>;
  patch: (blogId: string, base: IndexSource, postIds: readonly string[]) => Promise<IndexSource>;
};

/** The loader of the indexes over the database. */
export const databaseIndexLoader = (db: Database): IndexLoader => ({
  load: (blogId) => loadPublishedIndex(db, blogId),
  patch: (blogId, base, postIds) => patchPublishedIndex(db, blogId, base, postIds),
});

/** The cache key of a blog's index (a name no file of the build can have). */
const indexKey = (blogId: string) => blogKey(blogId, "\u0000index");
/** About what an index holds in memory: a slug, an id and a category per post, and the rest. */
const indexBytes = (source: IndexSource) => 2048 + source.posts.size * 160;

/**
 * Each blog's index, kept in the page cache (decision 359) with the blog's pages: under the
 * cache's age bound, a safety net for writes that announce nothing (a script, a restore, a
 * lost bus message). `changed` is called for every committed change readers could see: it
 * drops the blog's pages and index, and a change to some posts patches the index that was
 * kept from those posts (the next request waits for the patch, never a stale answer). A build
 * or patch that a later change overtakes is used for its request but not kept.
 */
export function createPublishedIndexes(loader: IndexLoader, cache: PageCache) {
  const load = (blogId: string, build: () => Promise<IndexSource>, ttlMs?: number) =>
    cache.cached(indexKey(blogId), build, { bytes: indexBytes, ttlMs }) as Promise<IndexSource>;
  /** The blog's index with what it was derived from, built if needed. */
  const source = (blogId: string): Promise<IndexSource> => load(blogId, () => loader.load(blogId));

  return {
    /** The index when it is known and current (for the synchronous hot path). */
    peek(blogId: string): PublishedIndex | undefined {
      return cache.peek<IndexSource>(indexKey(blogId))?.index;
    },
    async get(blogId: string): Promise<PublishedIndex> {
      return (await source(blogId)).index;
    },
    /** The index with the published posts by id (the page-view counter checks a post's id). */
    source,
    /**
     * A committed change of the blog (`postIds`: only these posts changed): its pages and
     * index go from the cache at once.
     */
    changed(blogId: string, postIds?: readonly string[]) {
      const key = indexKey(blogId);
      const kept = cache.peek<IndexSource>(key);
      const remainingMs = cache.remainingMs(key);
      const pending = cache.loading<IndexSource>(key);
      cache.dropBlog(blogId);
      if (!postIds || postIds.length === 0) return;
      // Patch what was kept, or what was being built or patched (it may predate the change:
      // the patch reads the changed posts after it), keeping the age of what was kept.
      const base = kept ? Promise.resolve(kept) : pending;
      if (!base) return;
      // A failed patch (or base) gives way to a whole build.
      load(
        blogId,
        () =>
          base
            .then((known) => (known ? loader.patch(blogId, known, postIds) : loader.load(blogId)))
            .catch(() => loader.load(blogId)),
        kept ? remainingMs : undefined,
      ).catch(() => {
        // The next request builds the index again (and reports a failure to its reader).
      });
    },
  };
}
export type PublishedIndexes = ReturnType<typeof createPublishedIndexes>;
