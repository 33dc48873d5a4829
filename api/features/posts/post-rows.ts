import { and, eq, inArray } from "drizzle-orm";
import type { PostStatus } from "../../../contracts/limits.ts";
import type { PostCounts, ReviewReason } from "../../../contracts/posts.ts";
import type { Clock } from "../../auth/sessions.ts";
import type { Database, Queryable } from "../../db/client.ts";
import { first } from "../../db/query.ts";
import { blogs, posts, users } from "../../db/schema.ts";
import { NotFound } from "../../http/errors.ts";
import type { CpuPool } from "../../workers/run.ts";
import type { ContentEvents } from "../publishing/content-events.ts";
import { tagNamesOf } from "../tags/service.ts";

/*
 * The rows the post commands read and answer (`commands/`), and the owner checks every one of
 * them starts with: a blog or post of another owner answers exactly like a missing one.
 */

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

export type PostFilter = { q?: string | undefined; status?: PostStatus | undefined };
export type PostPageRows = {
  posts: PostSummaryRow[];
  authors: Map<string, AuthorRow>;
  nextCursor: string | null;
  counts: PostCounts;
  /** Views of the page's posts, by id (posts never viewed are absent). */
  views: Map<string, number>;
};

export const authorColumns = {
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
export async function checkOwnedBlog(
  db: Queryable,
  ownerId: string,
  blogId: string,
): Promise<string> {
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
export async function findOwnedPostAndBlog(
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
export async function withAuthor(
  db: Queryable,
  post: PostRow,
  owner: AuthorRow,
): Promise<PostWithAuthor> {
  const tags = (await tagNamesOf(db, [post.id])).get(post.id) ?? [];
  if (post.authorId === owner.id) return { post, author: authorOf(owner), tags };
  const author = post.authorId
    ? await first(db.select(authorColumns).from(users).where(eq(users.id, post.authorId)))
    : undefined;
  return { post, author, tags };
}

/** Only the author's columns, whatever else the signed-in user's row holds. */
export const authorOf = (user: AuthorRow): AuthorRow => ({
  id: user.id,
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  profileImageUrl: user.profileImageUrl,
});

export async function authorsOf(db: Queryable, rows: { authorId: string | null }[]) {
  const ids = [...new Set(rows.map((r) => r.authorId).filter((id) => id !== null))];
  const authors = new Map<string, AuthorRow>();
  if (ids.length > 0) {
    const found = await db.select(authorColumns).from(users).where(inArray(users.id, ids));
    for (const author of found) authors.set(author.id, author);
  }
  return authors;
}
