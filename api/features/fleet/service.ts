import { asc, eq, inArray, sql } from "drizzle-orm";
import {
  type BlogRisk,
  type FleetRisk,
  type NearDuplicatePair,
  riskLines,
} from "../../../contracts/fleet.ts";
import { originality } from "../../../contracts/originality.ts";
import type { Database } from "../../db/client.ts";
import { blogs, postFingerprints, posts } from "../../db/schema.ts";
import type { CpuPool } from "../../workers/run.ts";
import { fingerprintsOf, storedFingerprintColumns } from "../posts/fingerprints.ts";

const weekMs = 7 * 24 * 60 * 60 * 1000;
const weeksShown = 4;
const round3 = (n: number) => Math.round(n * 1000) / 1000;

type FleetPost = { id: string; blogIndex: number; title: string };

/**
 * Near-duplicate pairs across blogs: an inverted index from shingle to the posts holding it, so
 * only pairs that share a shingle are counted (most share none), instead of comparing every
 * post with every other. Similarity as the originality check's: shared over the smaller post.
 */
export function nearDuplicatePairs(
  items: FleetPost[],
  fingerprints: Float64Array[],
  threshold: number,
): { i: number; j: number; similarity: number }[] {
  const holders = new Map<number, number[]>();
  fingerprints.forEach((fingerprint, i) => {
    if (fingerprint.length < originality.minShingles) return;
    for (const shingle of fingerprint) {
      const list = holders.get(shingle);
      if (list) list.push(i);
      else holders.set(shingle, [i]);
    }
  });
  const shared = new Map<number, number>();
  const n = items.length;
  for (const list of holders.values()) {
    if (list.length < 2) continue;
    for (let x = 0; x < list.length; x++) {
      const i = list[x] as number;
      for (let y = x + 1; y < list.length; y++) {
        const j = list[y] as number;
        if ((items[i] as FleetPost).blogIndex === (items[j] as FleetPost).blogIndex) continue;
        const key = i * n + j;
        shared.set(key, (shared.get(key) ?? 0) + 1);
      }
    }
  }
  const pairs: { i: number; j: number; similarity: number }[] = [];
  for (const [key, count] of shared) {
    const i = Math.floor(key / n);
    const j = key % n;
    const smaller = Math.min(
      (fingerprints[i] as Float64Array).length,
      (fingerprints[j] as Float64Array).length,
    );
    const similarity = count / smaller;
    if (similarity >= threshold) pairs.push({ i, j, similarity });
  }
  return pairs.sort((a, b) => b.similarity - a.similarity);
}

/** `GET /api/fleet/risk`: the owner's blogs side by side (decision 343). */
export async function fleetRisk(
  deps: { db: Database; cpu?: CpuPool; clock?: () => Date },
  ownerId: string,
): Promise<FleetRisk> {
  const { db, cpu } = deps;
  const now = (deps.clock ?? (() => new Date()))();
  const ownBlogs = await db
    .select({ id: blogs.id, name: blogs.name, createdByAi: blogs.createdByAi })
    .from(blogs)
    .where(eq(blogs.ownerId, ownerId))
    .orderBy(asc(blogs.createdAt), asc(blogs.id));
  if (ownBlogs.length === 0) return { blogs: [], nearDuplicates: [], lines: riskLines };
  const blogIndex = new Map(ownBlogs.map((blog, i) => [blog.id, i]));
  const rows = await db
    .select({
      id: posts.id,
      blogId: posts.blogId,
      title: posts.title,
      status: posts.status,
      source: posts.source,
      publishedAt: posts.publishedAt,
      autoPublished: posts.autoPublished,
      // Compared in the database: the bodies are not read for it.
      unedited: sql<number>`case when ${posts.aiText} is not null and ${posts.content} = ${posts.aiText} then 1 else 0 end`,
      ...storedFingerprintColumns,
    })
    .from(posts)
    .leftJoin(postFingerprints, eq(postFingerprints.postId, posts.id))
    .where(
      inArray(
        posts.blogId,
        ownBlogs.map((b) => b.id),
      ),
    );
  const stats = ownBlogs.map(() => ({
    weeks: Array.from({ length: weeksShown }, () => 0),
    aiPublished: 0,
    unedited: 0,
    reviewed: 0,
    nearDuplicates: 0,
  }));
  for (const row of rows) {
    const s = stats[blogIndex.get(row.blogId) as number];
    if (!s || row.status !== "published") continue;
    if (row.publishedAt) {
      const week = Math.floor((now.getTime() - row.publishedAt.getTime()) / weekMs);
      if (week >= 0 && week < weeksShown) s.weeks[week] = (s.weeks[week] ?? 0) + 1;
    }
    if (row.source === "owner") continue;
    s.aiPublished++;
    if (Number(row.unedited) === 1) s.unedited++;
    if (!row.autoPublished) s.reviewed++;
  }
  const stored = await fingerprintsOf(db, cpu, rows);
  const items = rows.map((row) => ({
    id: row.id,
    blogIndex: blogIndex.get(row.blogId) as number,
    title: row.title,
  }));
  const pairs = nearDuplicatePairs(
    items,
    rows.map((row) => stored.get(row.id) as Float64Array),
    riskLines.nearDuplicateSimilarity,
  );
  const refOf = (i: number) => {
    const item = items[i] as FleetPost;
    const blog = ownBlogs[item.blogIndex] as (typeof ownBlogs)[number];
    return { postId: item.id, title: item.title, blogId: blog.id, blogName: blog.name };
  };
  const nearDuplicates: NearDuplicatePair[] = pairs.map(({ i, j, similarity }) => {
    (stats[(items[i] as FleetPost).blogIndex] as (typeof stats)[number]).nearDuplicates++;
    (stats[(items[j] as FleetPost).blogIndex] as (typeof stats)[number]).nearDuplicates++;
    return { a: refOf(i), b: refOf(j), similarity: round3(similarity) };
  });
  return {
    blogs: ownBlogs.map((blog, i) => {
      const s = stats[i] as (typeof stats)[number];
      const uneditedShare = s.aiPublished ? round3(s.unedited / s.aiPublished) : null;
      const reviewCoverage = s.aiPublished ? round3(s.reviewed / s.aiPublished) : null;
      return {
        blogId: blog.id,
        name: blog.name,
        createdByAi: blog.createdByAi,
        postsPerWeek: s.weeks,
        aiPublished: s.aiPublished,
        uneditedShare,
        reviewCoverage,
        nearDuplicates: s.nearDuplicates,
        warnings: warningsOf(s, uneditedShare, reviewCoverage),
      } satisfies BlogRisk;
    }),
    nearDuplicates,
    lines: riskLines,
  };
}

const percent = (share: number) => `${Math.round(share * 100)}%`;

function warningsOf(
  s: { weeks: number[]; aiPublished: number; nearDuplicates: number },
  uneditedShare: number | null,
  reviewCoverage: number | null,
): string[] {
  const warnings: string[] = [];
  const busiest = Math.max(...s.weeks);
  if (busiest > riskLines.maxPostsPerWeek)
    warnings.push(
      `${busiest} posts went out in one week: more than ${riskLines.maxPostsPerWeek} a week looks like scaled content to search engines. Lower the posts per week.`,
    );
  if (s.aiPublished >= riskLines.minAiPostsForShares) {
    if (uneditedShare !== null && uneditedShare > riskLines.maxUneditedShare)
      warnings.push(
        `${percent(uneditedShare)} of its AI posts went out exactly as the AI wrote them: add your own experience and edits before publishing.`,
      );
    if (reviewCoverage !== null && reviewCoverage < riskLines.minReviewCoverage)
      warnings.push(
        `A person reviewed only ${percent(reviewCoverage)} of its AI posts: turn auto-publish off for a while and review them.`,
      );
  }
  if (s.nearDuplicates > 0)
    warnings.push(
      `${s.nearDuplicates === 1 ? "A post repeats" : `${s.nearDuplicates} posts repeat`} a post on another of your blogs: rewrite or remove one of each pair.`,
    );
  return warnings;
}
