/**
 * The fleet risk view (docs/decisions/343-fleet-limits-and-risk.md): per blog, how fast it
 * publishes, how much of its AI text went out untouched, whether a person reviewed it, and the
 * near-duplicate posts across the owner's blogs.
 */

/** The lines a blog may not cross without a warning (decision 343). */
export const riskLines = {
  /** Published posts in one of the last 4 weeks above this: a velocity warning. */
  maxPostsPerWeek: 7,
  /** Share of published AI posts with no human edit above this… */
  maxUneditedShare: 0.8,
  /** …or share of published AI posts a person reviewed below this… */
  minReviewCoverage: 0.2,
  /** …counted once a blog has this many published AI posts (fewer say nothing yet). */
  minAiPostsForShares: 5,
  /** Similarity (shared shingles over the smaller post) at which two posts are near-duplicates. */
  nearDuplicateSimilarity: 0.3,
} as const;

export type FleetPostRef = { postId: string; title: string; blogId: string; blogName: string };

export type NearDuplicatePair = { a: FleetPostRef; b: FleetPostRef; similarity: number };

export type BlogRisk = {
  blogId: string;
  name: string;
  createdByAi: boolean;
  /** Published posts in each of the last 4 weeks, the most recent first. */
  postsPerWeek: number[];
  /** Published AI-written posts (AI or offline writer). */
  aiPublished: number;
  /** Share of those published exactly as the AI wrote them; null with none. */
  uneditedShare: number | null;
  /** Share of those a person published (after review) rather than automation on its own. */
  reviewCoverage: number | null;
  /** Near-duplicate pairs this blog is part of (with another of the owner's blogs). */
  nearDuplicates: number;
  /** Plain sentences, one per line the blog crossed. */
  warnings: string[];
};

export type FleetRisk = {
  blogs: BlogRisk[];
  nearDuplicates: NearDuplicatePair[];
  lines: typeof riskLines;
};
