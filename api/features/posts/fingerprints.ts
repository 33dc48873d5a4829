import { and, eq, inArray, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { postFingerprints, posts } from "../../db/schema.ts";
import { type CpuPool, runCpu } from "../../workers/run.ts";

/**
 * Stored originality fingerprints (docs/decisions/077): computed off the event loop when a
 * post is saved, stamped with the post's `updated_at`, recomputed on use when that moved on.
 */

export const encodeFingerprint = (shingles: Float64Array): Buffer =>
  Buffer.from(shingles.buffer, shingles.byteOffset, shingles.byteLength);

/** A copy, so the array is aligned and its buffer can be handed to a worker. */
export function decodeFingerprint(stored: Uint8Array): Float64Array {
  const copy = new Uint8Array(stored.byteLength);
  copy.set(stored);
  return new Float64Array(copy.buffer);
}

export function fingerprintOfContent(cpu: CpuPool | undefined, html: string) {
  return runCpu(cpu, "fingerprint", { html });
}

/** Writes a post's fingerprint for the post row as it now is. */
export async function saveFingerprint(
  tx: Queryable,
  post: { id: string; updatedAt: Date },
  shingles: Float64Array,
): Promise<void> {
  const row = { postUpdatedAt: post.updatedAt, shingles: encodeFingerprint(shingles) };
  await tx
    .insert(postFingerprints)
    .values({ postId: post.id, ...row })
    .onConflictDoUpdate({ target: postFingerprints.postId, set: row });
}

/**
 * A write that left the content as it was (status, title, schedule…) keeps the fingerprint
 * valid: only its stamp follows the post's `updated_at`.
 */
export async function keepFingerprint(
  tx: Queryable,
  before: { id: string; updatedAt: Date },
  after: { updatedAt: Date },
): Promise<void> {
  await tx
    .update(postFingerprints)
    .set({ postUpdatedAt: after.updatedAt })
    .where(
      and(
        eq(postFingerprints.postId, before.id),
        eq(postFingerprints.postUpdatedAt, before.updatedAt),
      ),
    );
}

/**
 * What `fingerprintsOf` reads of a post beside its id: select these from `posts` left-joined
 * to `postFingerprints` on the post's id.
 */
export const storedFingerprintColumns = {
  updatedAt: posts.updatedAt,
  stamp: postFingerprints.postUpdatedAt,
  shingles: postFingerprints.shingles,
};

/**
 * Fingerprints of the given posts, computing (and storing) the ones that are missing or stale:
 * posts saved before fingerprints existed, or changed by a path that does not keep them.
 */
export async function fingerprintsOf(
  db: Queryable,
  cpu: CpuPool | undefined,
  rows: { id: string; updatedAt: Date; stamp: Date | null; shingles: Uint8Array | null }[],
): Promise<Map<string, Float64Array>> {
  const found = new Map<string, Float64Array>();
  const stale: string[] = [];
  for (const row of rows) {
    if (row.shingles && row.stamp?.getTime() === row.updatedAt.getTime())
      found.set(row.id, decodeFingerprint(row.shingles));
    else stale.push(row.id);
  }
  for (let i = 0; i < stale.length; i += 100) {
    const bodies = await db
      .select({ id: posts.id, content: posts.content, updatedAt: posts.updatedAt })
      .from(posts)
      .where(inArray(posts.id, stale.slice(i, i + 100)));
    const computed = await runCpu(cpu, "fingerprints", { htmls: bodies.map((b) => b.content) });
    const values = bodies.map((body, j) => {
      const shingles = computed[j] as Float64Array;
      found.set(body.id, shingles);
      return {
        postId: body.id,
        postUpdatedAt: body.updatedAt,
        shingles: encodeFingerprint(shingles),
      };
    });
    if (values.length === 0) continue;
    await db
      .insert(postFingerprints)
      .values(values)
      .onConflictDoUpdate({
        target: postFingerprints.postId,
        set: {
          postUpdatedAt: sql`excluded.post_updated_at`,
          shingles: sql`excluded.shingles`,
        },
      });
  }
  return found;
}
