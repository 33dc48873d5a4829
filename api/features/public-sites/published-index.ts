import { and, eq, sql } from "drizzle-orm";
import { archiveCount } from "../../../site-builder/theme/lib/archive.ts";
import type { Database } from "../../db/client.ts";
import {
  blogs,
  categories,
  postSlugHistory,
  posts,
  removedPostSlugs,
  users,
} from "../../db/schema.ts";
import { authorOf } from "../publishing/snapshot.ts";

/**
 * What a blog's addresses can name, without its content: the slugs of its published posts
 * (current and former), of its categories, how many archive pages each listing has, and the
 * slugs of posts that were published and are gone. Small (a few strings per post), built from
 * four narrow queries, and kept until the blog's content changes (docs/decisions/065).
 */
export type PublishedIndex = {
  posts: Set<string>;
  /** Former slugs of published posts (answered with a 301 to the current one). */
  redirects: Set<string>;
  /** Slugs of posts that were published and no longer are: 410 Gone. */
  gone: Set<string>;
  /** Archive pages of the home listing. */
  archives: number;
  /** Category slug → archive pages of its listing. */
  categories: Map<string, number>;
  /** The slug of the blog's author page (decision 056); it lists every published post. */
  author: string;
};

/**
 * How a request for a file of the blog's output is answered:
 * - `content`: the path names published content (serve its file, or render it live);
 *   `live`: render it whatever the files hold (a former slug: its file, if any, is stale);
 * - `missing`: it never can (404); `gone`: a post that was published and is not any more (410).
 * `notFound` names the theme's page for the kind of address (its wording differs per kind).
 */
export type PathVerdict =
  | { kind: "content"; live?: true }
  | { kind: "missing" | "gone"; notFound: NotFoundKind };

/** The theme path whose not-found page answers each kind of address. */
export const notFoundPaths = {
  page: "/404",
  post: "/post/-",
  listing: "/page/0",
  category: "/category/-",
} as const;
export type NotFoundKind = keyof typeof notFoundPaths;

const missing = (notFound: NotFoundKind): PathVerdict => ({ kind: "missing", notFound });
const content: PathVerdict = { kind: "content" };
const siteWide = new Set(["index.html", "rss.xml", "sitemap.xml", "robots.txt", "privacy.html"]);

/** `n` as the theme accepts it: a canonical whole number from 1 to `archives`. */
const isArchivePage = (n: string, archives: number) => {
  const page = Number(n);
  return String(page) === n && Number.isInteger(page) && page >= 1 && page <= archives;
};

/** The verdict for `file` (as `fileForRequestPath` names it) of a blog with this index. */
export function classifyFile(index: PublishedIndex, file: string): PathVerdict {
  if (siteWide.has(file)) return content;
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
    if (parts.length === 2 && second === `${index.author}.html`) return content;
    if (
      parts.length === 4 &&
      second === index.author &&
      third === "page" &&
      fourth?.endsWith(".html")
    )
      return isArchivePage(fourth.slice(0, -".html".length), index.archives)
        ? content
        : missing("listing");
    return missing("page");
  }
  if (first === "category" && second !== undefined) {
    if (parts.length === 2 && second.endsWith(".html")) {
      return index.categories.has(second.slice(0, -".html".length)) ? content : missing("category");
    }
    const archives = index.categories.get(second);
    if (parts.length === 3 && third === "rss.xml") {
      return archives === undefined ? missing("page") : content;
    }
    if (parts.length === 4 && third === "page" && fourth?.endsWith(".html")) {
      return archives !== undefined && isArchivePage(fourth.slice(0, -".html".length), archives)
        ? content
        : missing("listing");
    }
  }
  return missing("page");
}

/** Reads the index of one blog (published posts and categories only). */
export async function loadPublishedIndex(db: Database, blogId: string): Promise<PublishedIndex> {
  const [postRows, categoryRows, history, removed, owner] = await Promise.all([
    // The list's covering index holds blog, status, slug and category: read from it alone,
    // never from the rows, whose bodies sit before those columns, and as one JSON string, not
    // a row object per post (decision 021: that conversion is most of the cost at 10,000).
    db
      .get<{ list: string | null }>(
        sql`select json_group_array(json_array(slug, category_id)) as list
            from posts indexed by posts_blog_created_idx
            where blog_id = ${blogId} and status = 'published'`,
      )
      .then((row) =>
        (JSON.parse(row?.list ?? "[]") as [string, string | null][]).map(([slug, categoryId]) => ({
          slug,
          categoryId,
        })),
      ),
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
    db
      .select({ blogName: blogs.name, publicName: users.publicName, publicBio: users.publicBio })
      .from(blogs)
      .leftJoin(users, eq(users.id, blogs.ownerId))
      .where(eq(blogs.id, blogId))
      .get(),
  ]);
  const published = new Set(postRows.map((p) => p.slug));
  const redirects = new Set(history.map((h) => h.slug).filter((slug) => !published.has(slug)));
  // A published post always wins over a tombstone of its address (re-published, or reused).
  const gone = new Set(
    removed.map((r) => r.slug).filter((slug) => !published.has(slug) && !redirects.has(slug)),
  );

  // Posts per category, each post counted in its category and every ancestor (as the theme lists them).
  const byId = new Map(categoryRows.map((c) => [c.id, c]));
  const counts = new Map<string, number>();
  for (const post of postRows) {
    const seen = new Set<string>();
    let current = post.categoryId ? byId.get(post.categoryId) : undefined;
    while (current && !seen.has(current.id)) {
      seen.add(current.id);
      counts.set(current.id, (counts.get(current.id) ?? 0) + 1);
      current = current.parentId ? byId.get(current.parentId) : undefined;
    }
  }
  return {
    posts: published,
    redirects,
    gone,
    archives: archiveCount(postRows.length),
    categories: new Map(categoryRows.map((c) => [c.slug, archiveCount(counts.get(c.id) ?? 0)])),
    author: authorOf(owner, owner?.blogName ?? "").slug,
  };
}

/**
 * Each blog's index, kept until `invalidate` (called for every committed change readers could
 * see) or for `maxAgeMs` at most, a safety net for writes that announce nothing (a script, a
 * restore). A build that overlaps an invalidation is used for its request but not kept.
 */
export function createPublishedIndexes(
  load: (blogId: string) => Promise<PublishedIndex>,
  { maxAgeMs = 10_000, now = () => Date.now() } = {},
) {
  const entries = new Map<string, { index: PublishedIndex; until: number }>();
  const current = (blogId: string) => {
    const entry = entries.get(blogId);
    if (!entry) return undefined;
    if (entry.until <= now()) {
      entries.delete(blogId);
      return undefined;
    }
    return entry.index;
  };
  const versions = new Map<string, number>();
  const building = new Map<string, { version: number; promise: Promise<PublishedIndex> }>();
  const versionOf = (blogId: string) => versions.get(blogId) ?? 0;
  return {
    /** The index when it is known and current (for the synchronous hot path). */
    peek(blogId: string): PublishedIndex | undefined {
      return current(blogId);
    },
    async get(blogId: string): Promise<PublishedIndex> {
      const known = current(blogId);
      if (known) return known;
      const version = versionOf(blogId);
      const pending = building.get(blogId);
      // Concurrent misses share one build: a burst of requests reads the database once.
      if (pending && pending.version === version) return pending.promise;
      const promise = load(blogId);
      building.set(blogId, { version, promise });
      try {
        const index = await promise;
        if (versionOf(blogId) === version) entries.set(blogId, { index, until: now() + maxAgeMs });
        return index;
      } finally {
        if (building.get(blogId)?.promise === promise) building.delete(blogId);
      }
    },
    invalidate(blogId: string) {
      versions.set(blogId, versionOf(blogId) + 1);
      entries.delete(blogId);
    },
    get size() {
      return entries.size;
    },
  };
}
export type PublishedIndexes = ReturnType<typeof createPublishedIndexes>;
