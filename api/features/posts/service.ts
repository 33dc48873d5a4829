import { and, count, desc, eq, inArray, isNotNull, like, ne, or, type SQL, sql } from "drizzle-orm";
import { limits, type PostStatus, postStatusLabels } from "../../../contracts/limits.ts";
import {
  unfinishedOutlineMessage,
  unfinishedSections,
} from "../../../contracts/offline-outline.ts";
import type { PostSort } from "../../../contracts/post-list.ts";
import {
  type CreatePostInput,
  canChangeStatus,
  type PostCounts,
  type ReviewReason,
  type UpdatePostInput,
} from "../../../contracts/posts.ts";
import { slugFromTitle, typedSlug } from "../../../contracts/slug.ts";
import type { Clock } from "../../auth/sessions.ts";
import { excerptFromContent, isDerivedExcerpt } from "../../content/excerpt.ts";
import type { Database, Queryable } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { first, isPostgres, rawRows } from "../../db/query.ts";
import {
  blogs,
  categories,
  postPendingChanges,
  postSlugHistory,
  posts,
  removedPostSlugs,
  users,
} from "../../db/schema.ts";
import { Conflict, HttpError, NotFound, ValidationFailed } from "../../http/errors.ts";
import type { CpuPool } from "../../workers/run.ts";
import { checkedFeatureImageId, imagesMissingAlt, missingAltConflict } from "../media/service.ts";
import type { ContentEvents } from "../publishing/content-events.ts";
import { type RecordChange, withOutbox } from "../publishing/outbox.ts";
import { setPostTags, tagNamesOf } from "../tags/service.ts";
import { stillAiAssisted } from "./ai-disclosure.ts";
import { fingerprintOfContent, keepFingerprint, saveFingerprint } from "./fingerprints.ts";
import { saveRevision } from "./revision-store.ts";
import { postPageOrder, postViews } from "./sort.ts";
import { checkPrecondition, type Precondition } from "./versions.ts";

export type PostRow = typeof posts.$inferSelect;
export type AuthorRow = Pick<
  typeof users.$inferSelect,
  "id" | "firstName" | "lastName" | "email" | "profileImageUrl"
>;
export type PostWithAuthor = {
  post: PostRow;
  author: AuthorRow | undefined;
  /** The post's tag names, in order. */
  tags: string[];
};

/** The columns a post card needs: all of them in `posts_blog_created_idx`, which covers the list. */
const summaryColumns = {
  id: posts.id,
  blogId: posts.blogId,
  authorId: posts.authorId,
  title: posts.title,
  excerpt: posts.excerpt,
  status: posts.status,
  slug: posts.slug,
  categoryId: posts.categoryId,
  scheduledPublishAt: posts.scheduledPublishAt,
  publishedAt: posts.publishedAt,
  createdAt: posts.createdAt,
  updatedAt: posts.updatedAt,
};
/**
 * A list row: the card's columns, timestamps already ISO 8601 text (formatted by SQLite the
 * way `Date#toISOString` does; 40,000 `toISOString` calls were a fifth of the list's time).
 */
export type PostSummaryRow = Omit<
  PostRow,
  | "content"
  | "metaTitle"
  | "metaDescription"
  | "keywords"
  | "source"
  | "reviewReasons"
  | "aiText"
  | "aiAssisted"
  | "autoPublished"
  | "version"
  | "featureImageId"
  | "scheduledPublishAt"
  | "publishedAt"
  | "createdAt"
  | "updatedAt"
> & {
  scheduledPublishAt: string | null;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
  reviewReasons: ReviewReason[] | null;
};
export type PostList<Row> = { posts: Row[]; authors: Map<string, AuthorRow> };

export type PostDeps = {
  db: Database;
  clock: Clock;
  contentEvents: ContentEvents;
  /** Worker threads for fingerprinting; inline without (scripts, some tests). */
  cpu?: CpuPool;
};

const authorColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  profileImageUrl: users.profileImageUrl,
};

/**
 * The owner's blog exists, or 404 (another owner's blog answers exactly like a missing one).
 * Only its id is read: the posts' routes need the check, not the blog's row.
 */
async function checkOwnedBlog(db: Queryable, ownerId: string, blogId: string): Promise<string> {
  const blog = await first(
    db
      .select({ id: blogs.id })
      .from(blogs)
      .where(and(eq(blogs.id, blogId), eq(blogs.ownerId, ownerId))),
  );
  if (!blog) throw NotFound("Blog");
  return blog.id;
}

/**
 * The owner's post, or 404: the post is reached through its blog, so another owner's post
 * answers exactly like a missing one.
 */
export async function findOwnedPost(
  db: Queryable,
  ownerId: string,
  postId: string,
): Promise<PostRow> {
  return (await findOwnedPostAndBlog(db, ownerId, postId)).post;
}

/** `findOwnedPost`, with the blog's review setting read by the same join. */
async function findOwnedPostAndBlog(
  db: Queryable,
  ownerId: string,
  postId: string,
): Promise<{ post: PostRow; reviewBeforePublishing: boolean }> {
  const row = await first(
    db
      .select({ post: posts, reviewBeforePublishing: blogs.reviewBeforePublishing })
      .from(posts)
      .innerJoin(blogs, eq(blogs.id, posts.blogId))
      .where(and(eq(posts.id, postId), eq(blogs.ownerId, ownerId))),
  );
  if (!row) throw NotFound("Post");
  return row;
}

/**
 * The post and its author. Posts are written by their blog's owner (decision 101), so the
 * signed-in owner, already in hand from the session, is the author but for imported posts.
 */
async function withAuthor(db: Queryable, post: PostRow, owner: AuthorRow): Promise<PostWithAuthor> {
  const tags = (await tagNamesOf(db, [post.id])).get(post.id) ?? [];
  if (post.authorId === owner.id) return { post, author: authorOf(owner), tags };
  const author = post.authorId
    ? await first(db.select(authorColumns).from(users).where(eq(users.id, post.authorId)))
    : undefined;
  return { post, author, tags };
}

/** Only the author's columns, whatever else the signed-in user's row holds. */
const authorOf = (user: AuthorRow): AuthorRow => ({
  id: user.id,
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  profileImageUrl: user.profileImageUrl,
});

export async function getPost(
  db: Database,
  owner: AuthorRow,
  postId: string,
): Promise<PostWithAuthor> {
  return withAuthor(db, await findOwnedPost(db, owner.id, postId), owner);
}

/**
 * Newest first by `posts_blog_created_idx` (blog, created time, id, then the card fields), so
 * SQLite walks that one index backwards: no sort, and no read of the rows with their bodies.
 * Exported so tests and the bench check the plan of the very statement the list runs.
 */
const newestFirst = [desc(posts.createdAt), desc(posts.id)];

export function postSummariesQuery(db: Queryable, blogId: string, filter: PostFilter = {}) {
  return db
    .select(summaryColumns)
    .from(posts)
    .where(and(...filterConditions(db, blogId, filter)))
    .orderBy(...newestFirst);
}

/** Milliseconds since the epoch as `Date#toISOString` writes them, in integer arithmetic; null stays null. */
const isoText = (column: string) =>
  `strftime('%Y-%m-%dT%H:%M:%S', ${column} / 1000, 'unixepoch') || printf('.%03dZ', ${column} % 1000)`;
/** The same text on PostgreSQL, exact to the millisecond (no floating point on the way). */
const pgIsoText = (column: string) =>
  `to_char(timestamp 'epoch' + ${column} * interval '1 millisecond', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The list as one JSON array of positional tuples, built by SQLite: the libSQL client turns
 * every value of a result row into a property one by one, which for 10,000 posts × 12 columns
 * costs more than everything else together. One string value crosses instead, and
 * `listPosts` turns the tuples back into typed rows (docs/decisions/021).
 */
export function postSummariesStatement(
  db: Queryable,
  blogId: string,
  filter: PostFilter = {},
): SQL {
  const postgres = isPostgres(db);
  const tuple = [
    ...["id", "blog_id", "author_id", "title", "excerpt", "status", "slug", "category_id"],
    ...["scheduled_publish_at", "published_at", "created_at", "updated_at"].map(
      postgres ? pgIsoText : isoText,
    ),
  ].join(", ");
  const query = postSummariesQuery(db, blogId, filter);
  // json_agg is told the order (a subquery's order is not promised to an aggregate);
  // `::text` hands over one string as SQLite's does.
  return postgres
    ? sql`select coalesce(json_agg(json_build_array(${sql.raw(tuple)}) order by created_at desc, id desc), '[]')::text as list from (${query}) as summaries`
    : sql`select json_group_array(json_array(${sql.raw(tuple)})) as list from (${query})`;
}

type SummaryTuple = [
  id: string,
  blogId: string,
  authorId: string | null,
  title: string,
  excerpt: string,
  status: PostStatus,
  slug: string,
  categoryId: string | null,
  scheduledPublishAt: string | null,
  publishedAt: string | null,
  createdAt: string,
  updatedAt: string,
];

export function fullPostsQuery(db: Queryable, blogId: string, filter: PostFilter = {}) {
  return db
    .select()
    .from(posts)
    .where(and(...filterConditions(db, blogId, filter)))
    .orderBy(...newestFirst);
}

async function authorsOf(db: Queryable, rows: { authorId: string | null }[]) {
  const ids = [...new Set(rows.map((r) => r.authorId).filter((id) => id !== null))];
  const authors = new Map<string, AuthorRow>();
  if (ids.length > 0) {
    const found = await db.select(authorColumns).from(users).where(inArray(users.id, ids));
    for (const author of found) authors.set(author.id, author);
  }
  return authors;
}

/**
 * Saves always store an excerpt; a row that has none anyway (written by other means) gets one
 * from the start of its content, read for those rows only.
 */
async function fillBlankExcerpts(db: Queryable, rows: PostSummaryRow[]): Promise<void> {
  const blank = rows.filter((row) => row.excerpt === "");
  if (blank.length > 0) {
    const starts = new Map<string, string>();
    for (let i = 0; i < blank.length; i += 500) {
      const found = await db
        .select({ id: posts.id, start: sql<string>`substr(${posts.content}, 1, 4000)` })
        .from(posts)
        .where(
          inArray(
            posts.id,
            blank.slice(i, i + 500).map((row) => row.id),
          ),
        );
      for (const { id, start } of found) starts.set(id, start);
    }
    for (const row of blank) row.excerpt = excerptFromContent(starts.get(row.id) ?? "");
  }
}

/**
 * A blog's posts for cards, newest first, without bodies. Saves always store an excerpt; a
 * row that has none anyway (written by other means) gets one from the start of its content,
 * read for those rows only.
 */
export async function listPosts(
  db: Database,
  ownerId: string,
  blogId: string,
  filter: PostFilter = {},
): Promise<PostList<PostSummaryRow>> {
  await checkOwnedBlog(db, ownerId, blogId);
  const [result] = await rawRows<{ list: string }>(db, postSummariesStatement(db, blogId, filter));
  const rows: PostSummaryRow[] = (JSON.parse(result?.list ?? "[]") as SummaryTuple[]).map((t) => ({
    id: t[0],
    blogId: t[1],
    authorId: t[2],
    title: t[3],
    excerpt: t[4],
    status: t[5],
    slug: t[6],
    categoryId: t[7],
    scheduledPublishAt: t[8],
    publishedAt: t[9],
    createdAt: t[10],
    updatedAt: t[11],
    reviewReasons: null,
  }));
  // The few posts automation held for review carry why (read by their own small index).
  const held = await db
    .select({ id: posts.id, reviewReasons: posts.reviewReasons })
    .from(posts)
    .where(and(eq(posts.blogId, blogId), isNotNull(posts.reviewReasons)));
  if (held.length > 0) {
    const reasons = new Map(held.map((h) => [h.id, h.reviewReasons]));
    for (const row of rows) row.reviewReasons = reasons.get(row.id) ?? null;
  }
  await fillBlankExcerpts(db, rows);
  return { posts: rows, authors: await authorsOf(db, rows) };
}

/** The same list with every field (`?include=content`), for API clients that export. */
export async function listPostsWithContent(
  db: Database,
  ownerId: string,
  blogId: string,
  filter: PostFilter = {},
): Promise<PostList<PostRow> & { tags: Map<string, string[]> }> {
  await checkOwnedBlog(db, ownerId, blogId);
  const rows = (await fullPostsQuery(db, blogId, filter)).map((row) =>
    row.excerpt ? row : { ...row, excerpt: excerptFromContent(row.content) },
  );
  return {
    posts: rows,
    authors: await authorsOf(db, rows),
    tags: await tagNamesOf(
      db,
      rows.map((row) => row.id),
    ),
  };
}

export type PostFilter = { q?: string | undefined; status?: PostStatus | undefined };
export type PostPageRows = {
  posts: PostSummaryRow[];
  authors: Map<string, AuthorRow>;
  nextCursor: string | null;
  counts: PostCounts;
  /** Views of the page's posts, by id (posts never viewed are absent). */
  views: Map<string, number>;
};

/**
 * The trigram index answers searches of 3 characters or more; a shorter one is a plain
 * `LIKE`, which walks the blog's posts newest first and stops once a page is full.
 */
const trigramLength = 3;
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** The search as one FTS5 string: found anywhere in a title or content, as typed. */
const ftsPhrase = (text: string) => `"${text.replace(/"/g, '""')}"`;

function filterConditions(db: Queryable, blogId: string, filter: PostFilter): SQL[] {
  const conditions: SQL[] = [eq(posts.blogId, blogId)];
  if (filter.status) conditions.push(eq(posts.status, filter.status));
  const q = filter.q?.trim() ?? "";
  if (q !== "" && isPostgres(db)) {
    // pg_trgm GIN indexes on the folded (lower case, unaccented) title and content answer
    // the same substring search as SQLite's trigram FTS5 table (decision 182).
    const pattern = likePattern(q);
    conditions.push(
      sql`(blogfleet_fold(${posts.title}) like blogfleet_fold(${pattern}) escape '\\' or blogfleet_fold(${posts.content}) like blogfleet_fold(${pattern}) escape '\\')`,
    );
  } else if (q !== "") {
    if (Array.from(q).length >= trigramLength) {
      conditions.push(
        sql`${posts}.rowid in (select rowid from posts_fts where posts_fts match ${ftsPhrase(q)})`,
      );
    } else {
      const pattern = likePattern(q);
      conditions.push(
        sql`(${posts.title} like ${pattern} escape '\\' or ${posts.content} like ${pattern} escape '\\')`,
      );
    }
  }
  return conditions;
}

/** Posts of the blog per status (stat cards), from the blog's status index. */
export async function postCounts(db: Queryable, blogId: string): Promise<PostCounts> {
  const rows = await db
    .select({ status: posts.status, n: count() })
    .from(posts)
    .where(eq(posts.blogId, blogId))
    .groupBy(posts.status);
  const counts: PostCounts = { all: 0, draft: 0, under_review: 0, published: 0 };
  for (const row of rows) {
    counts[row.status] = row.n;
    counts.all += row.n;
  }
  return counts;
}

const isoOf = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * One page of All Posts (decision 100): newest first or by the list's column (`sort`, decision
 * 355), filtered by status and by a search of titles and content (the `posts_fts` trigram
 * index), `limit` cards after `cursor`, with the blog's counts per status.
 */
export async function listPostPage(
  db: Database,
  ownerId: string,
  blogId: string,
  options: PostFilter & { limit: number; cursor?: string | undefined; sort?: PostSort | undefined },
): Promise<PostPageRows> {
  await checkOwnedBlog(db, ownerId, blogId);
  const conditions = filterConditions(db, blogId, options);
  const order = postPageOrder(db, blogId, options.sort);
  if (options.cursor) conditions.push(order.after(options.cursor));
  const [found, counts] = await Promise.all([
    order
      .withJoins(
        db
          .select({ ...summaryColumns, reviewReasons: posts.reviewReasons, sortValue: order.value })
          .from(posts)
          .$dynamic(),
      )
      .where(and(...conditions))
      .orderBy(...order.by)
      .limit(options.limit + 1),
    postCounts(db, blogId),
  ]);
  const rows: PostSummaryRow[] = found.slice(0, options.limit).map(({ sortValue: _, ...row }) => ({
    ...row,
    scheduledPublishAt: isoOf(row.scheduledPublishAt),
    publishedAt: isoOf(row.publishedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
  await fillBlankExcerpts(db, rows);
  const last = rows.at(-1);
  return {
    posts: rows,
    authors: await authorsOf(db, rows),
    nextCursor:
      found.length > options.limit && last
        ? order.cursorOf({ ...last, sortValue: found[options.limit - 1]?.sortValue })
        : null,
    counts,
    views: await postViews(
      db,
      blogId,
      rows.map((row) => row.id),
    ),
  };
}

/** A category of the same blog, or 404 exactly like a missing one. */
async function checkedCategoryId(
  tx: Queryable,
  blogId: string,
  categoryId: string | null,
): Promise<string | null> {
  if (categoryId === null) return null;
  const found = await first(
    tx
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.id, categoryId), eq(categories.blogId, blogId))),
  );
  if (!found) throw NotFound("Category");
  return found.id;
}

const maxSlug = limits.postSlug;
const clampSlug = (slug: string, room = 0) =>
  Array.from(slug)
    .slice(0, maxSlug - room)
    .join("")
    .replace(/-+$/, "");

/**
 * The slug a post gets (spec section 5, decisions 020): a slug the owner gave is normalized
 * and must be free in the blog (409 otherwise); a blank one comes from the title and takes
 * the first free `-2`, `-3`… suffix, skipping the current and former slugs of other posts so
 * old links keep redirecting.
 */
async function resolveSlug(
  tx: Queryable,
  blogId: string,
  requested: string,
  title: string,
  postId: string | null,
): Promise<string> {
  const notThisPost = (column: typeof posts.id | typeof postSlugHistory.postId) =>
    postId === null ? undefined : ne(column, postId);
  // A slug the owner typed is kept in its own script, never transliterated or replaced by
  // one from the title; one without a single letter or digit is refused (decision 103).
  if (requested.trim() !== "" && typedSlug(requested) === "") {
    throw ValidationFailed([
      {
        path: "slug",
        message: "URL slug must contain at least one letter or digit, or be left blank",
      },
    ]);
  }
  const given = clampSlug(typedSlug(requested));
  if (given !== "") {
    const taken = await first(
      tx
        .select({ id: posts.id })
        .from(posts)
        .where(and(eq(posts.blogId, blogId), eq(posts.slug, given), notThisPost(posts.id))),
    );
    if (taken) {
      throw Conflict(
        `The URL slug "${given}" is already used by another post in this blog. Choose a different slug.`,
        "slug_taken",
      );
    }
    return given;
  }
  const base = clampSlug(slugFromTitle(title)) || "post";
  // Slugs hold only letters, marks, digits and hyphens, so the prefix has no LIKE wildcards.
  const prefix = `${base.slice(0, maxSlug - 12)}%`;
  const [current, former] = await Promise.all([
    tx
      .select({ slug: posts.slug })
      .from(posts)
      .where(and(eq(posts.blogId, blogId), like(posts.slug, prefix), notThisPost(posts.id))),
    tx
      .select({ slug: postSlugHistory.slug })
      .from(postSlugHistory)
      .where(
        and(
          eq(postSlugHistory.blogId, blogId),
          like(postSlugHistory.slug, prefix),
          notThisPost(postSlugHistory.postId),
        ),
      ),
  ]);
  const taken = new Set([...current, ...former].map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${clampSlug(base, suffix.length)}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** A blog holds `limits.postsPerBlog` posts at most, whatever their status (409 past it). */
async function checkRoomForPost(tx: Queryable, blogId: string): Promise<void> {
  const [held] = await tx.select({ n: count() }).from(posts).where(eq(posts.blogId, blogId));
  if ((held?.n ?? 0) >= limits.postsPerBlog) {
    throw Conflict(
      `This blog has reached the limit of ${limits.postsPerBlog.toLocaleString("en-US")} posts. Delete posts you no longer need before adding more.`,
      "limit_reached",
    );
  }
}

/** A slug in use is no longer a redirect: a post's current slug always wins. */
async function claimSlug(tx: Queryable, blogId: string, slug: string): Promise<void> {
  await tx
    .delete(postSlugHistory)
    .where(and(eq(postSlugHistory.blogId, blogId), eq(postSlugHistory.slug, slug)));
}

/** The unique index is the last word on slugs; its refusal reads like the service's own. */
function slugConflictOr(error: unknown): unknown {
  if (isUniqueViolation(error)) {
    return Conflict(
      "That URL slug was just taken by another post in this blog. Choose a different slug.",
      "slug_taken",
    );
  }
  return error;
}

export async function createPost(
  deps: PostDeps,
  author: AuthorRow,
  input: CreatePostInput,
): Promise<PostWithAuthor> {
  if (input.authorId !== undefined && input.authorId !== author.id) {
    // Posts are written by the signed-in owner only (decision 101).
    throw ValidationFailed([
      { path: "authorId", message: "The author must be you, the signed-in owner" },
    ]);
  }
  const content = input.content ?? "";
  // Off the event loop, before the write lock is taken.
  const fingerprint = await fingerprintOfContent(deps.cpu, content);
  try {
    const post = await deps.db.transaction(async (tx) => {
      const blogId = await checkOwnedBlog(tx, author.id, input.blogId);
      await checkRoomForPost(tx, blogId);
      const categoryId = await checkedCategoryId(tx, blogId, input.categoryId ?? null);
      const featureImageId = await checkedFeatureImageId(tx, blogId, input.featureImageId);
      const slug = await resolveSlug(tx, blogId, input.slug ?? "", input.title, null);
      await claimSlug(tx, blogId, slug);
      const [row] = await tx
        .insert(posts)
        .values({
          blogId,
          authorId: author.id,
          categoryId,
          featureImageId,
          title: input.title,
          content,
          excerpt: input.excerpt || excerptFromContent(content),
          status: "draft",
          slug,
          metaTitle: input.metaTitle ?? null,
          metaDescription: input.metaDescription ?? null,
          keywords: input.keywords ?? [],
          ...(input.generatedByAi && content ? { aiText: content, aiAssisted: true } : {}),
        })
        .returning();
      if (!row) throw new Error("insert returned no row");
      await saveFingerprint(tx, row, fingerprint);
      if (input.tags) await setPostTags(tx, blogId, row.id, input.tags);
      await saveRevision(tx, row, author.id, false, deps.clock(), { newPost: true });
      return row;
    });
    // A new post is a draft: nothing readers see has changed.
    return { post, author, tags: (await tagNamesOf(deps.db, [post.id])).get(post.id) ?? [] };
  } catch (error) {
    throw slugConflictOr(error);
  }
}

/**
 * Applies the fields sent. A blank excerpt is derived from the content; so is an excerpt that
 * was derived before and is sent back unchanged (the editor has no excerpt field), so it
 * follows the content instead of going stale. A slug change of a post that has been
 * published keeps the old slug for a 301.
 */
export async function updatePost(
  deps: PostDeps,
  owner: AuthorRow,
  postId: string,
  input: UpdatePostInput,
  precondition?: Precondition,
): Promise<PostWithAuthor> {
  let result: { post: PostRow; changed: boolean };
  const fingerprint =
    input.content === undefined ? undefined : await fingerprintOfContent(deps.cpu, input.content);
  try {
    result = await withOutbox(deps.db, deps.contentEvents, async (tx, record) => {
      const before = await findOwnedPost(tx, owner.id, postId);
      // A save from an older version never overwrites newer work (decision 095).
      await checkPrecondition(tx, before, { ...precondition, version: input.version });
      // The editor's 'Update' carries the edits kept apart for the live page: they are done.
      if (input.version !== undefined) {
        await tx
          .delete(postPendingChanges)
          .where(
            and(
              eq(postPendingChanges.postId, before.id),
              eq(postPendingChanges.baseVersion, before.version),
            ),
          );
      }
      const changes: Partial<typeof posts.$inferInsert> = {};
      const set = <K extends keyof typeof changes>(key: K, value: (typeof changes)[K]) => {
        if (
          value !== undefined &&
          JSON.stringify(value) !== JSON.stringify(before[key as K & keyof PostRow])
        )
          changes[key] = value;
      };
      set("title", input.title);
      set("content", input.content);
      set("metaTitle", input.metaTitle);
      set("metaDescription", input.metaDescription);
      set("keywords", input.keywords);
      if (input.categoryId !== undefined) {
        set("categoryId", await checkedCategoryId(tx, before.blogId, input.categoryId));
      }
      if (input.featureImageId !== undefined) {
        set("featureImageId", await checkedFeatureImageId(tx, before.blogId, input.featureImageId));
      }
      if (input.generatedByAi && input.content) {
        // The editor was just filled with AI output: edits are measured against it from now on.
        set("aiText", input.content);
        set("aiAssisted", true);
      } else if (input.content !== undefined && before.aiText !== null) {
        set("aiAssisted", stillAiAssisted(before.aiText, input.content));
      }

      const content = input.content ?? before.content;
      const wasDerived = isDerivedExcerpt(before.excerpt, before.content);
      const sent = input.excerpt ?? before.excerpt;
      set(
        "excerpt",
        sent === "" || (wasDerived && sent === before.excerpt) ? excerptFromContent(content) : sent,
      );

      if (input.slug !== undefined) {
        const slug = await resolveSlug(
          tx,
          before.blogId,
          input.slug,
          input.title ?? before.title,
          before.id,
        );
        if (slug !== before.slug) {
          changes.slug = slug;
          await claimSlug(tx, before.blogId, slug);
          if (before.publishedAt) {
            await tx
              .insert(postSlugHistory)
              .values({ blogId: before.blogId, postId: before.id, slug: before.slug })
              .onConflictDoUpdate({
                target: [postSlugHistory.blogId, postSlugHistory.slug],
                set: { postId: before.id },
              });
          }
        }
      }

      const tagsChanged =
        input.tags !== undefined && (await setPostTags(tx, before.blogId, before.id, input.tags));
      if (Object.keys(changes).length === 0 && !tagsChanged)
        return { post: before, changed: false };
      const [after] = await tx
        .update(posts)
        .set({ ...changes, version: sql`${posts.version} + 1` })
        .where(eq(posts.id, before.id))
        .returning();
      if (!after) throw new Error("update returned no row");
      if (
        after.status === "published" &&
        (changes.content !== undefined || changes.featureImageId !== undefined)
      ) {
        // Readers never get an image without alt text or an outline's instructions, whether they
        // came before or after publishing.
        if (changes.content !== undefined) refuseUnfinishedOutline(after.content);
        const missing = await imagesMissingAlt(tx, after);
        if (missing.length > 0) throw missingAltConflict(missing);
      }
      if (fingerprint && changes.content !== undefined)
        await saveFingerprint(tx, after, fingerprint);
      else await keepFingerprint(tx, before, after);
      await saveRevision(tx, after, owner.id, input.autosave === true, deps.clock());
      if (after.status === "published") await record(after.blogId, { postIds: [after.id] });
      return { post: after, changed: true };
    });
  } catch (error) {
    throw slugConflictOr(error);
  }
  return withAuthor(deps.db, result.post, owner);
}

const label = (status: PostStatus) => postStatusLabels[status];

/**
 * Readers never get an offline outline's instructions: publishing (now or by schedule) is
 * refused while a section still holds one, naming the sections to finish.
 */
function refuseUnfinishedOutline(content: string): void {
  const sections = unfinishedSections(content);
  if (sections.length === 0) return;
  throw new HttpError(
    409,
    "outline_unfinished",
    unfinishedOutlineMessage(sections),
    sections.map((section) => ({
      path: "content",
      message: `${section} still holds the offline writer's instructions`,
    })),
  );
}

/** The post's current and former slugs: every address it was published at. */
async function addressesOf(tx: Queryable, post: PostRow): Promise<string[]> {
  const former = await tx
    .select({ slug: postSlugHistory.slug })
    .from(postSlugHistory)
    .where(eq(postSlugHistory.postId, post.id));
  return [post.slug, ...former.map((row) => row.slug)];
}

/**
 * A published post leaves its readers (unpublished or deleted): its addresses answer 410 Gone
 * from now on (docs/decisions/067). Called in the same transaction as the change.
 */
async function rememberRemoved(tx: Queryable, post: PostRow, now: Date): Promise<void> {
  const slugs = await addressesOf(tx, post);
  await tx
    .insert(removedPostSlugs)
    .values(slugs.map((slug) => ({ blogId: post.blogId, slug, removedAt: now })))
    .onConflictDoUpdate({
      target: [removedPostSlugs.blogId, removedPostSlugs.slug],
      set: { removedAt: now },
    });
}

/** Published again: its addresses (current and former slugs) are no longer gone. */
async function forgetRemoved(tx: Queryable, post: PostRow): Promise<void> {
  const formerSlugs = tx
    .select({ slug: postSlugHistory.slug })
    .from(postSlugHistory)
    .where(eq(postSlugHistory.postId, post.id));
  await tx
    .delete(removedPostSlugs)
    .where(
      and(
        eq(removedPostSlugs.blogId, post.blogId),
        or(eq(removedPostSlugs.slug, post.slug), inArray(removedPostSlugs.slug, formerSlugs)),
      ),
    );
}

/**
 * Enforces the transitions of `postStatusTransitions`. Publishing sets `publishedAt` the first
 * time only (unpublishing and publishing again keeps the original date) and drops a pending
 * schedule, which has nothing left to do.
 */
export async function changePostStatus(
  deps: PostDeps,
  owner: AuthorRow,
  postId: string,
  status: PostStatus,
  precondition?: Precondition,
): Promise<PostWithAuthor> {
  const after = await withOutbox(deps.db, deps.contentEvents, async (tx, record) => {
    const { post: before, reviewBeforePublishing } = await findOwnedPostAndBlog(
      tx,
      owner.id,
      postId,
    );
    await checkPrecondition(tx, before, precondition);
    if (before.status === status) {
      throw Conflict(`The post is already ${label(status)}`, "invalid_status_transition");
    }
    if (before.status === "draft" && status === "published" && reviewBeforePublishing) {
      throw Conflict(
        "This blog reviews posts before publishing: submit the draft for review first, or turn off 'Review before publishing' in Settings to publish in one step.",
        "invalid_status_transition",
      );
    }
    if (!canChangeStatus(before.status, status, { reviewBeforePublishing: false })) {
      throw Conflict(
        `Cannot change status from ${label(before.status)} to ${label(status)}`,
        "invalid_status_transition",
      );
    }
    if (status === "published") {
      refuseUnfinishedOutline(before.content);
      const missing = await imagesMissingAlt(tx, before);
      if (missing.length > 0) throw missingAltConflict(missing);
      const [published] = await publishPosts(tx, record, [before.id], deps.clock(), [before]);
      if (!published) throw new Error("publish updated no row");
      return published;
    }
    const [after] = await tx
      .update(posts)
      .set({ status, version: sql`${posts.version} + 1` })
      .where(eq(posts.id, before.id))
      .returning();
    if (!after) throw new Error("update returned no row");
    await keepFingerprint(tx, before, after);
    if (before.status === "published") {
      await rememberRemoved(tx, before, deps.clock());
      await record(after.blogId, { postIds: [after.id] });
    }
    return after;
  });
  return withAuthor(deps.db, after, owner);
}

/**
 * The one way posts become public: the owner's status change, the scheduler and content
 * automation all come here (as Ghost's scheduler calls the editor's publish). Inside the
 * caller's outbox transaction: status published, `publishedAt` set the first time only
 * (unpublishing and publishing again keeps the original date), a pending schedule and the
 * automation's held-for-review reasons cleared (publishing is the owner's decision), the
 * addresses' tombstones forgotten, fingerprints kept, and the render recorded.
 */
export async function publishPosts(
  tx: Queryable,
  record: RecordChange,
  postIds: string[],
  now: Date,
  /** The posts as the caller read them in this transaction, when it has (not read again). */
  read?: Pick<PostRow, "id" | "updatedAt">[],
): Promise<PostRow[]> {
  if (postIds.length === 0) return [];
  const known = read?.filter((row) => postIds.includes(row.id)) ?? [];
  const before = new Map(
    (known.length === postIds.length
      ? known
      : await tx
          .select({ id: posts.id, updatedAt: posts.updatedAt })
          .from(posts)
          .where(inArray(posts.id, postIds))
    ).map((row) => [row.id, row]),
  );
  const published = await tx
    .update(posts)
    .set({
      status: "published",
      publishedAt: sql`coalesce(${posts.publishedAt}, ${now.getTime()})`,
      scheduledPublishAt: null,
      reviewReasons: null,
      version: sql`${posts.version} + 1`,
    })
    .where(inArray(posts.id, postIds))
    .returning();
  const byBlog = new Map<string, string[]>();
  for (const post of published) {
    const was = before.get(post.id);
    if (was) await keepFingerprint(tx, was, post);
    await forgetRemoved(tx, post);
    byBlog.set(post.blogId, [...(byBlog.get(post.blogId) ?? []), post.id]);
  }
  for (const [blogId, ids] of byBlog) await record(blogId, { postIds: ids });
  return published;
}

/**
 * Sets or clears (null) the time the post publishes itself. The time must be in the future;
 * a published post has nothing to schedule (409). Any unpublished post may be scheduled:
 * scheduling is the owner's instruction to publish, so review is not required first.
 */
export async function schedulePost(
  deps: PostDeps,
  owner: AuthorRow,
  postId: string,
  scheduledPublishAt: string | null,
): Promise<PostWithAuthor> {
  const at = scheduledPublishAt === null ? null : new Date(scheduledPublishAt);
  if (at && at.getTime() <= deps.clock().getTime()) {
    throw ValidationFailed([
      {
        path: "scheduledPublishAt",
        message: "Scheduled time must be in the future",
      },
    ]);
  }
  const post = await deps.db.transaction(async (tx) => {
    const before = await findOwnedPost(tx, owner.id, postId);
    if (at && before.status === "published") {
      throw new HttpError(
        409,
        "already_published",
        "This post is already published. Unpublish it first to schedule it.",
      );
    }
    if (at) {
      // Scheduling is the owner's instruction to publish: the same rules apply now.
      refuseUnfinishedOutline(before.content);
      const missing = await imagesMissingAlt(tx, before);
      if (missing.length > 0) throw missingAltConflict(missing);
    }
    if ((before.scheduledPublishAt?.getTime() ?? null) === (at?.getTime() ?? null)) return before;
    const [after] = await tx
      .update(posts)
      .set({ scheduledPublishAt: at, version: sql`${posts.version} + 1` })
      .where(eq(posts.id, before.id))
      .returning();
    if (!after) throw new Error("update returned no row");
    return after;
  });
  // A schedule is not visible to readers until it publishes (see api/jobs/scheduled-publishing.ts).
  return withAuthor(deps.db, post, owner);
}

export async function deletePost(deps: PostDeps, ownerId: string, postId: string): Promise<void> {
  await withOutbox(deps.db, deps.contentEvents, async (tx, record) => {
    const post = await findOwnedPost(tx, ownerId, postId);
    if (post.status === "published") await rememberRemoved(tx, post, deps.clock());
    // Its former slugs go with it (ON DELETE CASCADE): they would redirect to nothing.
    await tx.delete(posts).where(eq(posts.id, post.id));
    if (post.status === "published") await record(post.blogId, { postIds: [post.id] });
  });
}

/**
 * Marks a post as filled with AI output `generatedText` (inside the caller's transaction, if
 * any): the text is kept, and the post shows its blog's 'AI-assisted' note while its content
 * stays close to it (docs/decisions/057-ai-disclosure.md). For content automation and any
 * other flow that writes AI output into a post outside the editor. Returns whether the post
 * is AI-assisted now.
 */
export async function markPostAiGenerated(
  db: Queryable,
  postId: string,
  generatedText: string,
): Promise<boolean> {
  const post = await first(
    db.select({ content: posts.content }).from(posts).where(eq(posts.id, postId)),
  );
  if (!post) throw NotFound("Post");
  const aiAssisted = generatedText.trim() !== "" && stillAiAssisted(generatedText, post.content);
  await db
    .update(posts)
    .set({ aiText: generatedText, aiAssisted, version: sql`${posts.version} + 1` })
    .where(eq(posts.id, postId));
  return aiAssisted;
}

/**
 * A post written by content automation (inside the caller's transaction): slug from the title
 * like any post, under review for the owner. Automation publishes it with `publishPosts`, the
 * one way posts become public.
 */
export async function insertGeneratedPost(
  tx: Queryable,
  post: {
    /** The id chosen before the post was written (its AI usage is recorded under it). */
    id?: string;
    blogId: string;
    authorId: string;
    title: string;
    content: string;
    metaTitle: string;
    metaDescription: string;
    keywords: string[];
    source: "ai" | "offline";
    /** Why it was held for review (the publishing gate's failed checks); empty when none. */
    reviewReasons?: ReviewReason[];
    /** Under review (automation) unless said otherwise (the AI writer's new draft). */
    status?: "draft" | "under_review";
    categoryId?: string | null;
    featureImageId?: string | null;
    now: Date;
  },
): Promise<PostRow> {
  await checkRoomForPost(tx, post.blogId);
  const slug = await resolveSlug(tx, post.blogId, "", post.title, null);
  await claimSlug(tx, post.blogId, slug);
  const [row] = await tx
    .insert(posts)
    .values({
      ...(post.id ? { id: post.id } : {}),
      blogId: post.blogId,
      authorId: post.authorId,
      title: post.title.slice(0, limits.postTitle),
      content: post.content,
      excerpt: excerptFromContent(post.content),
      status: post.status ?? "under_review",
      categoryId: post.categoryId ?? null,
      featureImageId: post.featureImageId ?? null,
      slug,
      metaTitle: post.metaTitle,
      metaDescription: post.metaDescription,
      keywords: post.keywords.slice(0, limits.keywords.maxItems),
      source: post.source,
      reviewReasons: post.reviewReasons?.length ? post.reviewReasons : null,
      // Automation's text is AI output as it stands (decision 057).
      aiText: post.content,
      aiAssisted: post.content.trim() !== "",
      createdAt: post.now,
      updatedAt: post.now,
    })
    .returning();
  if (!row) throw new Error("insert returned no row");
  await saveRevision(tx, row, post.authorId, false, post.now, { newPost: true });
  return row;
}

/**
 * A post brought in by an import (inside the caller's outbox transaction): the source's slug
 * when it is free in the blog, else the first free `-2`, `-3`… of it (former slugs of other
 * posts skipped). A published post is written as a draft with its original date and then
 * published through `publishPosts`, the one way posts become public; its former slugs
 * (`formerSlugs`) answer 301 like any renamed post's.
 */
export async function insertImportedPost(
  tx: Queryable,
  record: RecordChange,
  post: {
    blogId: string;
    authorId: string;
    categoryId: string | null;
    title: string;
    content: string;
    excerpt: string;
    slug: string;
    status: "published" | "draft";
    publishedAt: Date | null;
    scheduledPublishAt: Date | null;
    createdAt: Date;
    updatedAt: Date;
    metaTitle: string | null;
    metaDescription: string | null;
    keywords: string[];
    /** Tag names, checked by the contract; missing tags of the blog are made. */
    tags?: string[];
    source?: PostRow["source"];
    aiText?: string | null;
    aiAssisted?: boolean;
    formerSlugs?: string[];
    /** An image of the blog's own library (the importer looked it up there). */
    featureImageId?: string | null;
  },
  now: Date,
): Promise<PostRow> {
  await checkRoomForPost(tx, post.blogId);
  const slug = await resolveSlug(tx, post.blogId, "", post.slug || post.title, null);
  await claimSlug(tx, post.blogId, slug);
  const [row] = await tx
    .insert(posts)
    .values({
      blogId: post.blogId,
      authorId: post.authorId,
      categoryId: post.categoryId,
      title: post.title.slice(0, limits.postTitle),
      content: post.content,
      featureImageId: post.featureImageId ?? null,
      excerpt: (post.excerpt || excerptFromContent(post.content)).slice(0, limits.postExcerpt),
      status: "draft",
      slug,
      metaTitle: post.metaTitle?.slice(0, limits.metaTitle) || null,
      metaDescription: post.metaDescription?.slice(0, limits.metaDescription) || null,
      keywords: post.keywords
        .map((k) => k.trim().slice(0, limits.keywords.maxLength))
        .filter(Boolean)
        .slice(0, limits.keywords.maxItems),
      scheduledPublishAt: post.status === "published" ? null : post.scheduledPublishAt,
      publishedAt: post.publishedAt,
      source: post.source ?? "owner",
      aiText: post.aiText ?? null,
      aiAssisted: post.aiAssisted ?? false,
      createdAt: post.createdAt,
      updatedAt: post.updatedAt,
    })
    .returning();
  if (!row) throw new Error("insert returned no row");
  if (post.tags?.length) await setPostTags(tx, post.blogId, row.id, post.tags);
  for (const former of post.formerSlugs ?? []) {
    if (former === slug) continue;
    await tx
      .insert(postSlugHistory)
      .values({ blogId: post.blogId, postId: row.id, slug: former })
      .onConflictDoNothing();
  }
  if (post.status !== "published") return row;
  const [published] = await publishPosts(tx, record, [row.id], now);
  // Publishing is an update: the source's modification date is put back.
  const [kept] = await tx
    .update(posts)
    .set({ updatedAt: post.updatedAt })
    .where(eq(posts.id, row.id))
    .returning();
  return kept ?? published ?? row;
}
