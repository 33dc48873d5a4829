import { and, desc, eq, notInArray } from "drizzle-orm";
import { limits } from "../../../contracts/limits.ts";
import type { PendingFields } from "../../../contracts/posts.ts";
import type { Queryable } from "../../db/client.ts";
import { first } from "../../db/query.ts";
import { postRevisions, type posts } from "../../db/schema.ts";

type PostRow = typeof posts.$inferSelect;

/** Autosaves of one author closer together than this share one revision (decision 096). */
export const autosaveRevisionWindowMs = 10 * 60 * 1000;

export const fieldsOfPost = (post: PostRow): PendingFields => ({
  title: post.title,
  content: post.content,
  excerpt: post.excerpt,
  categoryId: post.categoryId,
  metaTitle: post.metaTitle,
  metaDescription: post.metaDescription,
  keywords: post.keywords,
  slug: post.slug,
  featureImageId: post.featureImageId,
});

/**
 * Keeps the post as it is now as a revision (inside the caller's transaction). An autosave
 * replaces the newest revision when that one is an autosave of the same author from the last
 * ten minutes, so typing makes one revision, not one per pause; the newest
 * `limits.revisionsKept` revisions are kept. A post just inserted (`newPost`) has this one
 * revision only: nothing to replace or prune.
 */
export async function saveRevision(
  tx: Queryable,
  post: PostRow,
  authorId: string | null,
  autosave: boolean,
  now: Date,
  { newPost = false }: { newPost?: boolean } = {},
): Promise<void> {
  // Revisions keep the text and its fields; the feature image is not versioned (decision 096).
  const { featureImageId: _image, ...fields } = fieldsOfPost(post);
  const values = { ...fields, postVersion: post.version, autosave, createdAt: now };
  if (autosave && !newPost) {
    const newest = await first(
      tx
        .select({
          id: postRevisions.id,
          autosave: postRevisions.autosave,
          authorId: postRevisions.authorId,
          createdAt: postRevisions.createdAt,
        })
        .from(postRevisions)
        .where(eq(postRevisions.postId, post.id))
        .orderBy(desc(postRevisions.createdAt), desc(postRevisions.postVersion))
        .limit(1),
    );
    if (
      newest?.autosave &&
      newest.authorId === authorId &&
      now.getTime() - newest.createdAt.getTime() < autosaveRevisionWindowMs
    ) {
      await tx.update(postRevisions).set(values).where(eq(postRevisions.id, newest.id));
      return;
    }
  }
  await tx.insert(postRevisions).values({ ...values, postId: post.id, authorId });
  if (newPost) return;
  const kept = tx
    .select({ id: postRevisions.id })
    .from(postRevisions)
    .where(eq(postRevisions.postId, post.id))
    .orderBy(desc(postRevisions.createdAt), desc(postRevisions.postVersion))
    .limit(limits.revisionsKept);
  await tx
    .delete(postRevisions)
    .where(and(eq(postRevisions.postId, post.id), notInArray(postRevisions.id, kept)));
}
