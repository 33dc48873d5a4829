import { and, eq, ne } from "drizzle-orm";
import {
  type OriginalityInput,
  type OriginalityResult,
  originality,
  type SimilarPost,
} from "../../../contracts/originality.ts";
import type { Database } from "../../db/client.ts";
import { postFingerprints, posts } from "../../db/schema.ts";
import { type CpuPool, runCpu } from "../../workers/run.ts";
import { blogsOf } from "../members/access.ts";
import { fingerprintOfContent, fingerprintsOf, storedFingerprintColumns } from "./fingerprints.ts";
import { ownPostsOf, postFor } from "./post-access.ts";

export { shinglesOf, similarity, similarityTo } from "./fingerprint.ts";

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/**
 * `POST /api/posts/originality`: the text against every other post of the same owner, across
 * all their blogs (never another owner's). The text is fingerprinted and compared on a worker
 * thread, against the fingerprints stored when each post was saved (docs/decisions/077): no
 * post is re-read or re-tokenized, and the event loop stays free for other requests.
 */
export async function checkOriginality(
  deps: { db: Database; cpu?: CpuPool },
  ownerId: string,
  input: OriginalityInput,
): Promise<OriginalityResult> {
  const { db, cpu } = deps;
  if (input.postId) await postFor(db, ownerId, input.postId, "read");
  const draft = await fingerprintOfContent(cpu, input.content);
  // Too short to judge: nothing to read.
  if (draft.length < originality.minShingles)
    return { score: 1, mostSimilar: null, comparedPosts: 0 };
  // The posts the person can see: their blogs' (all, or their own where the role sees only those).
  const ownBlogs = (await blogsOf(db, ownerId)).map((access) => ({
    id: access.blog.id,
    name: access.blog.name,
    authorId: ownPostsOf(access, ownerId),
  }));
  let best: SimilarPost | null = null;
  let compared = 0;
  for (const blog of ownBlogs) {
    const rows = await db
      .select({
        id: posts.id,
        title: posts.title,
        ...storedFingerprintColumns,
      })
      .from(posts)
      .leftJoin(postFingerprints, eq(postFingerprints.postId, posts.id))
      .where(
        and(
          eq(posts.blogId, blog.id),
          input.postId ? ne(posts.id, input.postId) : undefined,
          blog.authorId ? eq(posts.authorId, blog.authorId) : undefined,
        ),
      );
    if (rows.length === 0) continue;
    const stored = await fingerprintsOf(db, cpu, rows);
    const others = rows.map((row) => stored.get(row.id) as Float64Array);
    const similarities = await runCpu(
      cpu,
      "compare",
      { draft: draft.slice(), others },
      { transfer: others.map((o) => o.buffer as ArrayBuffer) },
    );
    rows.forEach((row, i) => {
      const value = similarities[i];
      if (value === null || value === undefined) return;
      compared++;
      if (value > 0 && (!best || value > best.similarity)) {
        best = { postId: row.id, title: row.title, blogName: blog.name, similarity: value };
      }
    });
  }
  const found = best as SimilarPost | null;
  return {
    score: round3(1 - (found?.similarity ?? 0)),
    mostSimilar: found ? { ...found, similarity: round3(found.similarity) } : null,
    comparedPosts: compared,
  };
}
