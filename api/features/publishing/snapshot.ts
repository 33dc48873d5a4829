import { and, count, eq, inArray, type SQL } from "drizzle-orm";
import { asciiSlug } from "../../../contracts/ascii-slug.ts";
import { limits } from "../../../contracts/limits.ts";
import type { PublicBlog } from "../../../contracts/public-blog.ts";
import type { AutoLink } from "../../../site-builder/affiliate/insert-links.ts";
import type { ThemeImage } from "../../../site-builder/theme/lib/images.ts";
import {
  buildSite,
  insertSorted,
  newestFirst,
  type Site,
  type ThemeAuthor,
  type ThemePost,
} from "../../../site-builder/theme/lib/site.ts";
import { sanitizerVersion as platformSanitizerVersion } from "../../content/sanitizer-version.ts";
import type { Database } from "../../db/client.ts";
import { first } from "../../db/query.ts";
import {
  affiliateLinks,
  blogs,
  blogVoices,
  categories,
  media,
  postSlugHistory,
  posts,
  users,
} from "../../db/schema.ts";
import { analyticsOf } from "../analytics/analytics-of.ts";
import { loadPeople, loadProfiles, makeBylines, slugFunctionFor } from "./bylines.ts";
import { loadCitations } from "./post-citations.ts";
import { loadMaking, makingColumns } from "./post-making.ts";
import { loadPostTags } from "./post-tags.ts";
import {
  type PreparedBody,
  readPreparedBodies,
  storedLinksSignature,
  storePreparedBodies,
} from "./prepared-bodies.ts";
import { type Owner, type Persona, shownAuthor } from "./shown-author.ts";

export type SnapshotOptions = {
  /** Absolute URL of the blog's home on its canonical host (no trailing slash). */
  canonicalBaseOf: (blog: typeof blogs.$inferSelect) => string;
  /** Owner HTML is stored as written and sanitized here, before readers ever get it. */
  sanitize: (html: string) => string;
  /**
   * Sanitizes and links a batch of posts somewhere else (a worker thread, so big posts and
   * many keywords do not stall the server); the same steps run inline without it.
   */
  preparePosts?: (
    posts: { id: string; content: string }[],
    autoLinks: AutoLink[],
    blogLinkIds: string[],
  ) => Promise<{ id: string; html: string }[]>;
  /**
   * The version of the sanitizer the bodies are prepared with (default: the platform's,
   * api/content/sanitizer-version.ts): stored bodies of another version are prepared again.
   */
  sanitizerVersion?: number;
  /** Whether the blog takes e-mail subscribers: its pages show the form (decision 375). */
  subscribe?: boolean;
};

/** Characters of post HTML per `preparePosts` call: copying is cheap, and bounded. */
const prepareBatchChars = 500_000;
/** Batches being prepared at once, at most (bounds the bodies held in memory). */
const preparesAtOnce = 4;

export type SiteSnapshot = {
  site: Site;
  blog: typeof blogs.$inferSelect;
  /**
   * Stores the bodies this read prepared, when asked to leave that for later (`storeLater`):
   * never rejects (a saving for later only).
   */
  storeBodies?: () => Promise<void>;
};

/** The blog's affiliate links as they were when each snapshot's post bodies were linked. */
const linksSignatureOf = new WeakMap<Site, string>();

/** The part of a blog every public page and the public API show (contracts/public-blog.ts). */
export const presentPublicBlog = (blog: typeof blogs.$inferSelect): PublicBlog => ({
  id: blog.id,
  name: blog.name,
  description: blog.description,
  slug: blog.slug,
  primaryColor: blog.primaryColor,
  fontFamily: blog.fontFamily,
  logoUrl: blog.logoUrl,
});

/**
 * The author (author.ts: the blog's persona, else the owner's public name, else the blog's
 * name), with the transliteration library loaded only for a name that is not plain ASCII
 * (decision 203): loading it cost a render's main thread 20–110 ms.
 */
export async function loadAuthor(
  owner: Owner,
  blogName: string,
  persona?: Persona,
): Promise<ThemeAuthor> {
  const shown = shownAuthor(owner, blogName, persona);
  const slug = asciiSlug(shown.name);
  if (slug === undefined) return (await import("./author.ts")).authorOf(owner, blogName, persona);
  return { ...shown, slug: slug || "author" };
}

const postColumns = {
  id: posts.id,
  slug: posts.slug,
  title: posts.title,
  excerpt: posts.excerpt,
  publishedAt: posts.publishedAt,
  updatedAt: posts.updatedAt,
  categoryId: posts.categoryId,
  keywords: posts.keywords,
  metaTitle: posts.metaTitle,
  metaDescription: posts.metaDescription,
  aiAssisted: posts.aiAssisted,
  featureImageId: posts.featureImageId,
  authorId: posts.authorId,
  source: posts.source,
  reviewedBy: posts.reviewedBy,
  ...makingColumns,
};

/**
 * The blog's published posts among `ids`, read by primary key and filtered here: with the blog
 * and status in the query, SQLite (no table statistics) walks the blog's index over every post
 * instead (5-6 ms per incremental render at 10,000 posts; decision 213).
 */
async function publishedPostsByIds(db: Database, blogId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ ...postColumns, blogId: posts.blogId, status: posts.status })
    .from(posts)
    .where(inArray(posts.id, [...ids]));
  return rows
    .filter((row) => row.blogId === blogId && row.status === "published")
    .map(({ blogId: _blog, status: _status, ...row }) => row);
}

/** Which published posts to read: all of them, only some (the rest kept from `previous`), or one slug. */
export type SnapshotScope =
  | { kind: "all"; previous?: Site }
  | {
      kind: "changed";
      previous: Site;
      postIds: string[];
      /**
       * The bodies prepared here are stored by `storeBodies`, called by the caller when it
       * suits (the render queue: once the pages are live, decision 231), not before returning.
       */
      storeLater?: boolean;
    }
  | { kind: "post"; slug: string }
  /** One post whatever its status, for its owner's preview. */
  | { kind: "preview"; postId: string };

/** Whether two versions of a post show the same: every field, the feature image by value. */
function samePost(a: ThemePost, b: ThemePost): boolean {
  const keys = Object.keys(a) as (keyof ThemePost)[];
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => {
    const x = a[key];
    const y = b[key];
    if (x === y) return true;
    if (x instanceof Date && y instanceof Date) return x.getTime() === y.getTime();
    return JSON.stringify(x) === JSON.stringify(y);
  });
}

/**
 * The posts read again for an incremental snapshot, each replaced by its object in `previous`
 * when nothing of it changed: a job names every post changed since the blog's last finished
 * run, so posts a run already rendered come back while publishes keep arriving, and the render
 * (which compares snapshots by object) then leaves their pages alone.
 */
function keepUnchangedPosts(previous: Site, fresh: ThemePost[], linkedAlike: boolean) {
  if (!linkedAlike) return [...fresh];
  return fresh.map((post) => {
    const before = previous.postsById.get(post.id);
    return before && samePost(before, post) ? before : post;
  });
}

/**
 * `previous`'s posts without those of `ids`, in order: a copy of the list with each found by a
 * binary search (a publish into 10,000 posts filtered every one of them, ~1.3 ms).
 */
function withoutPosts(previous: Site, ids: readonly string[]): ThemePost[] {
  const list = previous.posts.slice();
  for (const id of new Set(ids)) {
    const post = previous.postsById.get(id);
    if (!post) continue;
    const at = sortedIndexOf(list, post);
    if (at === -1) {
      // Not where its order puts it (never, for a snapshot built here): filtered instead.
      const changed = new Set(ids);
      return previous.posts.filter((p) => !changed.has(p.id));
    }
    list.splice(at, 1);
  }
  return list;
}

/** Where `post` is in `list` (in `newestFirst` order), by a binary search; -1 if not there. */
function sortedIndexOf(list: ThemePost[], post: ThemePost): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (newestFirst(list[middle] as ThemePost, post) < 0) low = middle + 1;
    else high = middle;
  }
  for (let i = low; i < list.length && newestFirst(list[i] as ThemePost, post) === 0; i++) {
    if (list[i] === post) return i;
  }
  return -1;
}

/**
 * Reads one blog's published content into the snapshot its pages are rendered from.
 * - `all`: every published post; bodies of posts unchanged since `previous` are reused.
 * - `changed`: only the listed posts are read; the others come from `previous`. A count of the
 *   blog's published posts guards against a change nobody announced (then everything is read).
 * - `post`: just one post (enough for its own page, rendered on request).
 */
export async function loadSnapshot(
  db: Database,
  blogId: string,
  options: SnapshotOptions,
  scope: SnapshotScope = { kind: "all" },
): Promise<SiteSnapshot | undefined> {
  const blog = await first(db.select().from(blogs).where(eq(blogs.id, blogId)));
  if (!blog) return undefined;
  const published = and(eq(posts.blogId, blogId), eq(posts.status, "published")) as SQL;
  const where =
    scope.kind === "post"
      ? and(published, eq(posts.slug, scope.slug))
      : scope.kind === "preview"
        ? and(eq(posts.blogId, blogId), eq(posts.id, scope.postId))
        : published;
  const [owner, voice, postRows, categoryRows, history, mediaRows, profiles] = await Promise.all([
    first(
      db
        .select({ publicName: users.publicName, publicBio: users.publicBio })
        .from(users)
        .where(eq(users.id, blog.ownerId)),
    ),
    first(
      db
        .select({
          name: blogVoices.personaName,
          bio: blogVoices.personaBio,
          credentials: blogVoices.personaCredentials,
          links: blogVoices.personaLinks,
          photoId: blogVoices.personaPhotoId,
          responsibleUserId: blogVoices.personaResponsibleUserId,
        })
        .from(blogVoices)
        .where(eq(blogVoices.blogId, blogId)),
    ),
    scope.kind === "changed"
      ? publishedPostsByIds(db, blogId, scope.postIds)
      : db.select(postColumns).from(posts).where(where),
    db
      .select({
        id: categories.id,
        name: categories.name,
        slug: categories.slug,
        parentId: categories.parentId,
      })
      .from(categories)
      .where(eq(categories.blogId, blogId)),
    db
      .select({ slug: postSlugHistory.slug, postId: postSlugHistory.postId, current: posts.slug })
      .from(postSlugHistory)
      .innerJoin(posts, eq(posts.id, postSlugHistory.postId))
      .where(and(eq(postSlugHistory.blogId, blogId), eq(posts.status, "published"))),
    db
      .select({
        id: media.id,
        hash: media.hash,
        alt: media.alt,
        width: media.width,
        height: media.height,
        variants: media.variants,
      })
      .from(media)
      .where(eq(media.blogId, blogId)),
    loadProfiles(db, blogId),
  ]);
  const library = new Map<string, ThemeImage>();
  const imagesById = new Map<string, ThemeImage>();
  for (const { id, ...image } of mediaRows) {
    library.set(image.hash, image);
    imagesById.set(id, image);
  }

  // Links are inserted into the rendered copy only; the stored post is never changed. Read even
  // with no post to link: the snapshot records which links its bodies were linked with.
  // The sources each post cites (decision 333) in one read, or a few for the posts read here.
  const [blogLinks, citations, making, tagsByPost] = await Promise.all([
    db
      .select({
        id: affiliateLinks.id,
        keyword: affiliateLinks.keyword,
        autoInsert: affiliateLinks.autoInsert,
      })
      .from(affiliateLinks)
      .where(eq(affiliateLinks.blogId, blogId)),
    loadCitations(db, blogId, scope.kind === "all" ? "published" : postRows.map((row) => row.id)),
    loadMaking(db, postRows),
    loadPostTags(db, blogId, scope.kind === "all" ? "published" : postRows.map((row) => row.id)),
  ]);
  const linksSignature = JSON.stringify(
    blogLinks.map((l) => [l.id, l.keyword, l.autoInsert]).sort(),
  );
  // A post's prepared body (sanitized, linked) is reused while the post and the blog's links
  // are as they were: a full render for a new look does not sanitize every post again.
  const previous = scope.kind === "all" || scope.kind === "changed" ? scope.previous : undefined;
  const reusable = previous !== undefined && linksSignatureOf.get(previous) === linksSignature;
  const prepared = new Map<string, string>();
  const notKept: { id: string; updatedAt: Date }[] = [];
  for (const row of postRows) {
    const before = reusable ? previous.postsById.get(row.id) : undefined;
    if (before && before.updatedAt.getTime() === row.updatedAt.getTime())
      prepared.set(row.id, before.html);
    else notKept.push(row);
  }
  // Then the bodies stored by earlier renders (in this process or another, decision 152).
  const storedSignature = storedLinksSignature(linksSignature);
  const version = options.sanitizerVersion ?? platformSanitizerVersion;
  const stored = await readPreparedBodies(db, notKept, storedSignature, version);
  const stale: string[] = [];
  for (const row of notKept) {
    const html = stored.get(row.id);
    if (html === undefined) stale.push(row.id);
    else prepared.set(row.id, html);
  }
  /** Bodies prepared here, stored for the next render. */
  const fresh: PreparedBody[] = [];
  const autoLinks: AutoLink[] = blogLinks
    .filter((l) => l.autoInsert)
    .map(({ id, keyword }) => ({ id, keyword }));
  // The editor's affiliate buttons may use any of the blog's links (decision 091).
  const blogLinkIds = blogLinks.map((l) => l.id);
  for (let i = 0; i < stale.length; i += 500) {
    const bodies = await db
      .select({ id: posts.id, content: posts.content, updatedAt: posts.updatedAt })
      .from(posts)
      .where(inArray(posts.id, stale.slice(i, i + 500)));
    // Stored with the `updatedAt` read beside the content they were prepared from.
    const updatedAt = new Map(bodies.map((b) => [b.id, b.updatedAt]));
    const keep = (id: string, html: string) => {
      prepared.set(id, html);
      fresh.push({ id, html, updatedAt: updatedAt.get(id) as Date });
    };
    const { preparePosts } = options;
    if (preparePosts) {
      // Batches go out a few at once: with several threads behind `preparePosts`, each
      // prepares one (a full render's sanitizing then uses every core).
      const sent: Promise<void>[] = [];
      const running = new Set<Promise<unknown>>();
      const send = async (batch: { id: string; content: string }[]) => {
        while (running.size >= preparesAtOnce) await Promise.race(running);
        const done = preparePosts(batch, autoLinks, blogLinkIds).then((posts) => {
          for (const post of posts) keep(post.id, post.html);
        });
        sent.push(done);
        // Settled either way: a failure is thrown by the Promise.all below.
        const settled = done.catch(() => {}).finally(() => running.delete(settled));
        running.add(settled);
      };
      let batch: { id: string; content: string }[] = [];
      let chars = 0;
      for (const { id, content } of bodies) {
        batch.push({ id, content });
        chars += content.length;
        if (chars >= prepareBatchChars) {
          await send(batch);
          batch = [];
          chars = 0;
        }
      }
      if (batch.length > 0) await send(batch);
      await Promise.all(sent);
      continue;
    }
    // Loaded only when bodies are prepared here (htmlparser2 and its DOM): a render whose
    // bodies are stored, or prepared on threads, never needs them on this thread.
    const [{ routeAffiliateButtons }, { insertAffiliateLinks }] = await Promise.all([
      import("../../../site-builder/affiliate/block-links.ts"),
      import("../../../site-builder/affiliate/insert-links.ts"),
    ]);
    const knownIds = new Set(blogLinkIds);
    for (const { id, content } of bodies) {
      // Relative to the post page, so it works on the blog's host and under /blog/{slug}/.
      const hrefFor = (linkId: string) => `../go/${linkId}?p=${id}`;
      const html = routeAffiliateButtons(options.sanitize(content), knownIds, hrefFor);
      const linked = insertAffiliateLinks(html, autoLinks, {
        hrefFor,
        maxLinks: limits.affiliateLinksPerPost,
      });
      keep(id, linked.html);
    }
  }
  const storeBodies = async () => {
    try {
      await storePreparedBodies(db, fresh, storedSignature, version);
    } catch {
      // Only a saving for later (a post deleted meanwhile, a busy disk): this render has its
      // bodies, and the next one prepares what was not stored.
    }
  };
  const storeLater = scope.kind === "changed" && scope.storeLater === true && fresh.length > 0;
  if (fresh.length > 0 && !storeLater) await storeBodies();
  // Every post's byline from one read of the profiles and one of the authors' accounts.
  const persona = voice && {
    ...voice,
    photo: voice.photoId ? imagesById.get(voice.photoId) : undefined,
  };
  const people = await loadPeople(db, [
    ...postRows.flatMap((row) => row.authorId ?? []),
    ...postRows.flatMap((row) => row.reviewedBy ?? []),
    ...(voice?.responsibleUserId ? [voice.responsibleUserId] : []),
  ]);
  const names = [
    blog.name,
    owner?.publicName ?? "",
    persona?.name ?? "",
    ...profiles.map((p) => p.name),
    ...[...people.values()].map((p) => p.publicName ?? ""),
  ];
  const bylines = makeBylines({
    blogName: blog.name,
    ownerId: blog.ownerId,
    owner,
    persona: persona ?? undefined,
    profiles,
    people,
    imagesById,
    slugOf: await slugFunctionFor(names),
  });
  const themePosts: ThemePost[] = postRows.map(
    ({
      featureImageId,
      createdAt: _created,
      edited: _edited,
      authorId,
      source,
      reviewedBy,
      ...p
    }) => {
      const featureImage = featureImageId ? imagesById.get(featureImageId) : undefined;
      const author = bylines.authorOf({ authorId, source });
      const reviewer = reviewedBy ? bylines.reviewerOf(reviewedBy) : undefined;
      const cited = citations.get(p.id);
      const made = making.get(p.id);
      const tagged = tagsByPost.get(p.id);
      return {
        ...p,
        html: prepared.get(p.id) ?? "",
        publishedAt: p.publishedAt ?? p.updatedAt,
        ...(featureImage ? { featureImage } : {}),
        ...(cited ? { citations: cited } : {}),
        ...(made ? { making: made } : {}),
        ...(tagged ? { tags: tagged } : {}),
        ...(author ? { author } : {}),
        ...(reviewer ? { reviewer } : {}),
      };
    },
  );

  let postList = themePosts;
  let changes: { previous: Site; ids: string[]; posts: ThemePost[] } | undefined;
  if (scope.kind === "changed") {
    const changedPosts = keepUnchangedPosts(scope.previous, themePosts, reusable).sort(newestFirst);
    changes = { previous: scope.previous, ids: scope.postIds, posts: changedPosts };
    postList = insertSorted(withoutPosts(scope.previous, scope.postIds), changedPosts);
    const [{ n } = { n: -1 }] = await db.select({ n: count() }).from(posts).where(published);
    if (n !== postList.length) {
      // Something changed that was not announced: read everything, as for a full render.
      return loadSnapshot(db, blogId, options, { kind: "all", previous: scope.previous });
    }
  }

  const redirects = new Map<string, string>();
  for (const row of history) if (row.current !== row.slug) redirects.set(row.slug, row.current);
  const site = buildSite({
    blog: {
      ...presentPublicBlog(blog),
      author: bylines.blogAuthor,
      aiDisclosure: blog.aiDisclosure,
      timeZone: blog.timeZone,
      ...(blog.logoMediaId && imagesById.has(blog.logoMediaId)
        ? { logo: imagesById.get(blog.logoMediaId) }
        : {}),
      analytics: await analyticsOf(db, blogId),
      subscribe: options.subscribe === true,
    },
    canonicalBase: options.canonicalBaseOf(blog),
    categories: categoryRows,
    redirects,
    posts: postList,
    preview: scope.kind === "preview",
    media: library,
    sorted: scope.kind === "changed",
    changes,
  });
  // Posts kept from `previous` were linked with its links: recorded only when those are these.
  if (scope.kind !== "changed" || reusable) linksSignatureOf.set(site, linksSignature);
  return storeLater ? { site, blog, storeBodies } : { site, blog };
}
