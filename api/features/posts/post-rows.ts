import { eq, inArray } from "drizzle-orm";
import type { PostStatus } from "../../../contracts/limits.ts";
import type { PostCounts, ReviewReason } from "../../../contracts/posts.ts";
import type { Clock } from "../../auth/sessions.ts";
import type { Database, Queryable } from "../../db/client.ts";
import { first } from "../../db/query.ts";
import { type posts, users } from "../../db/schema.ts";
import type { CpuPool } from "../../workers/run.ts";
import type { ContentEvents } from "../publishing/content-events.ts";
import { tagNamesOf } from "../tags/service.ts";

/*
 * The rows the post commands read and answer (`commands/`); who may reach them is
 * `post-access.ts`.
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
  | "submittedAt"
  | "assigneeId"
  | "reviewedBy"
  | "sendByEmail"
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

export type PostFilter = {
  q?: string | undefined;
  status?: PostStatus | undefined;
  /** Only this author's posts: the list of a writer or contributor (decision 367). */
  authorId?: string | undefined;
};
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
 * The post and its author. The signed-in person, already in hand from the session, is most
 * often the author: their row is not read again.
 */
export async function withAuthor(
  db: Queryable,
  post: PostRow,
  user: AuthorRow,
): Promise<PostWithAuthor> {
  const tags = (await tagNamesOf(db, [post.id])).get(post.id) ?? [];
  if (post.authorId === user.id) return { post, author: authorOf(user), tags };
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
