import { createHash } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { preparedBodies } from "../../db/schema.ts";

/**
 * Post bodies as readers get them, stored beside the posts (decision 152): a full render in a
 * fresh process reads them instead of sanitizing and linking every post again. A stored body is
 * used only while the post's `updatedAt`, the blog's links and the sanitizer's version are the
 * ones it was prepared with; any other is prepared again and stored over.
 */

export type PreparedBody = { id: string; updatedAt: Date; html: string };

/** Rows per statement: a few hundred kilobytes of HTML, well under SQLite's variable limit. */
const rowsPerWrite = 100;

/** The stored form of a snapshot's links signature (it lists every link of the blog). */
export const storedLinksSignature = (signature: string) =>
  createHash("sha256").update(signature).digest("base64url");

/** The stored bodies of `posts` still valid for these links and this sanitizer, by post id. */
export async function readPreparedBodies(
  db: Queryable,
  posts: { id: string; updatedAt: Date }[],
  linksSignature: string,
  sanitizerVersion: number,
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const updatedAt = new Map(posts.map((p) => [p.id, p.updatedAt.getTime()]));
  for (let i = 0; i < posts.length; i += 500) {
    const ids = posts.slice(i, i + 500).map((p) => p.id);
    const rows = await db
      .select({
        postId: preparedBodies.postId,
        postUpdatedAt: preparedBodies.postUpdatedAt,
        html: preparedBodies.html,
      })
      .from(preparedBodies)
      .where(
        and(
          inArray(preparedBodies.postId, ids),
          eq(preparedBodies.linksSignature, linksSignature),
          eq(preparedBodies.sanitizerVersion, sanitizerVersion),
        ),
      );
    for (const row of rows) {
      if (row.postUpdatedAt.getTime() === updatedAt.get(row.postId))
        found.set(row.postId, row.html);
    }
  }
  return found;
}

/** Stores freshly prepared bodies over whatever was stored for those posts. */
export async function storePreparedBodies(
  db: Queryable,
  bodies: PreparedBody[],
  linksSignature: string,
  sanitizerVersion: number,
): Promise<void> {
  for (let i = 0; i < bodies.length; i += rowsPerWrite) {
    await db
      .insert(preparedBodies)
      .values(
        bodies.slice(i, i + rowsPerWrite).map((body) => ({
          postId: body.id,
          postUpdatedAt: body.updatedAt,
          linksSignature,
          sanitizerVersion,
          html: body.html,
        })),
      )
      .onConflictDoUpdate({
        target: preparedBodies.postId,
        set: {
          postUpdatedAt: sql`excluded.post_updated_at`,
          linksSignature: sql`excluded.links_signature`,
          sanitizerVersion: sql`excluded.sanitizer_version`,
          html: sql`excluded.html`,
        },
      });
  }
}
