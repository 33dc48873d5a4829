import { and, eq, like, ne } from "drizzle-orm";
import { limits } from "../../../contracts/limits.ts";
import { slugFromTitle, typedSlug } from "../../../contracts/slug.ts";
import type { Queryable } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { first } from "../../db/query.ts";
import { postSlugHistory, posts, removedPostSlugs } from "../../db/schema.ts";
import { Conflict, ValidationFailed } from "../../http/errors.ts";
import type { PostRow } from "./post-rows.ts";

/* A post's addresses: the slug it gets, the former slugs that redirect, the removed ones. */

export const maxSlug = limits.postSlug;
export const clampSlug = (slug: string, room = 0) =>
  Array.from(slug)
    .slice(0, maxSlug - room)
    .join("")
    .replace(/-+$/, "");

/**
 * The slug a post gets (decision 020): a slug the owner gave is normalized
 * and must be free in the blog (409 otherwise); a blank one comes from the title and takes
 * the first free `-2`, `-3`… suffix, skipping the current and former slugs of other posts so
 * old links keep redirecting.
 */
export async function resolveSlug(
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

/** A slug in use is no longer a redirect: a post's current slug always wins. */
export async function claimSlug(tx: Queryable, blogId: string, slug: string): Promise<void> {
  await tx
    .delete(postSlugHistory)
    .where(and(eq(postSlugHistory.blogId, blogId), eq(postSlugHistory.slug, slug)));
}

/** The unique index is the last word on slugs; its refusal reads like the service's own. */
export function slugConflictOr(error: unknown): unknown {
  if (isUniqueViolation(error)) {
    return Conflict(
      "That URL slug was just taken by another post in this blog. Choose a different slug.",
      "slug_taken",
    );
  }
  return error;
}

/** The post's current and former slugs: every address it was published at. */
export async function addressesOf(tx: Queryable, post: PostRow): Promise<string[]> {
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
export async function rememberRemoved(tx: Queryable, post: PostRow, now: Date): Promise<void> {
  const slugs = await addressesOf(tx, post);
  await tx
    .insert(removedPostSlugs)
    .values(slugs.map((slug) => ({ blogId: post.blogId, slug, removedAt: now })))
    .onConflictDoUpdate({
      target: [removedPostSlugs.blogId, removedPostSlugs.slug],
      set: { removedAt: now },
    });
}
