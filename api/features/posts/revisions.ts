import { and, desc, eq, inArray } from "drizzle-orm";
import { countCharacters } from "../../../contracts/content-length.ts";
import type {
  PendingChanges,
  PostRevision,
  PostRevisionSummary,
  SavePendingChangesInput,
} from "../../../contracts/posts.ts";
import type { Clock } from "../../auth/sessions.ts";
import type { Database, Queryable } from "../../db/client.ts";
import { first } from "../../db/query.ts";
import { postPendingChanges, postRevisions, users } from "../../db/schema.ts";
import { Conflict, NotFound } from "../../http/errors.ts";
import { postFor } from "./post-access.ts";
import { authorColumns } from "./post-rows.ts";
import { presentAuthor } from "./presenter.ts";
import { staleVersion } from "./versions.ts";

type RevisionRow = typeof postRevisions.$inferSelect;

async function authorsById(db: Queryable, rows: { authorId: string | null }[]) {
  const ids = [...new Set(rows.map((row) => row.authorId).filter((id) => id !== null))];
  if (ids.length === 0) return new Map();
  const found = await db.select(authorColumns).from(users).where(inArray(users.id, ids));
  return new Map(found.map((author) => [author.id, presentAuthor(author)]));
}

function presentRevisionSummary(
  row: Omit<RevisionRow, "content"> & { characters: number },
  author: PostRevisionSummary["author"],
): PostRevisionSummary {
  return {
    id: row.id,
    postVersion: row.postVersion,
    autosave: row.autosave,
    createdAt: row.createdAt.toISOString(),
    author,
    title: row.title,
    characters: row.characters,
  };
}

/** The post's revisions, newest first. */
export async function listRevisions(
  db: Database,
  ownerId: string,
  postId: string,
): Promise<PostRevisionSummary[]> {
  const { post } = await postFor(db, ownerId, postId, "read");
  const rows = await db
    .select()
    .from(postRevisions)
    .where(eq(postRevisions.postId, post.id))
    .orderBy(desc(postRevisions.createdAt), desc(postRevisions.postVersion));
  const authors = await authorsById(db, rows);
  return rows.map((row) =>
    presentRevisionSummary(
      { ...row, characters: countCharacters(row.content) },
      (row.authorId && authors.get(row.authorId)) ?? null,
    ),
  );
}

/** One revision with its fields; another post's or owner's answers 404. */
export async function getRevision(
  db: Database,
  ownerId: string,
  postId: string,
  revisionId: string,
): Promise<PostRevision> {
  const { post } = await postFor(db, ownerId, postId, "read");
  const row = await first(
    db
      .select()
      .from(postRevisions)
      .where(and(eq(postRevisions.id, revisionId), eq(postRevisions.postId, post.id))),
  );
  if (!row) throw NotFound("Revision");
  const authors = await authorsById(db, [row]);
  return {
    ...presentRevisionSummary(
      { ...row, characters: countCharacters(row.content) },
      (row.authorId && authors.get(row.authorId)) ?? null,
    ),
    fields: {
      title: row.title,
      content: row.content,
      excerpt: row.excerpt,
      categoryId: row.categoryId,
      metaTitle: row.metaTitle,
      metaDescription: row.metaDescription,
      keywords: row.keywords,
      slug: row.slug,
      // Not versioned: restoring a revision keeps the post's feature image.
      featureImageId: post.featureImageId,
    },
  };
}

const presentPending = (row: typeof postPendingChanges.$inferSelect): PendingChanges => ({
  fields: row.fields,
  baseVersion: row.baseVersion,
  savedAt: row.updatedAt.toISOString(),
});

/** Saved edits of the published post that are not live yet, or null. */
export async function getPendingChanges(
  db: Database,
  ownerId: string,
  postId: string,
): Promise<PendingChanges | null> {
  const { post } = await postFor(db, ownerId, postId, "read");
  const row = await first(
    db.select().from(postPendingChanges).where(eq(postPendingChanges.postId, post.id)),
  );
  return row ? presentPending(row) : null;
}

/**
 * Saves edits of a published post without making them live (the editor's autosave on a live
 * post); 'Update' (`PATCH /api/posts/{id}`) makes them live. They must start from the live
 * version: edits of an older one answer 409 with the live post, like a stale save.
 */
export async function savePendingChanges(
  deps: { db: Database; clock: Clock },
  ownerId: string,
  postId: string,
  input: SavePendingChangesInput,
): Promise<PendingChanges> {
  const { version, ...fields } = input;
  return deps.db.transaction(async (tx) => {
    const { post } = await postFor(tx, ownerId, postId, "draft");
    if (post.status !== "published") {
      throw Conflict(
        "Only a published post keeps changes apart from its live page; save this post itself.",
        "not_published",
      );
    }
    if (post.version !== version) throw await staleVersion(tx, post, 409);
    const values = {
      authorId: ownerId,
      baseVersion: post.version,
      fields,
      updatedAt: deps.clock(),
    };
    const [row] = await tx
      .insert(postPendingChanges)
      .values({ postId: post.id, ...values })
      .onConflictDoUpdate({ target: postPendingChanges.postId, set: values })
      .returning();
    if (!row) throw new Error("upsert returned no row");
    return presentPending(row);
  });
}

/** Drops the saved edits of a published post (the live page stays as it is). */
export async function discardPendingChanges(
  db: Database,
  ownerId: string,
  postId: string,
): Promise<void> {
  const { post } = await postFor(db, ownerId, postId, "draft");
  await db.delete(postPendingChanges).where(eq(postPendingChanges.postId, post.id));
}
