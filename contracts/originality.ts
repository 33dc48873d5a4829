import { postContentText } from "./content-length.ts";
import { entityId } from "./ids.ts";
import { z } from "./zod.ts";

/**
 * Originality of a post against the owner's other posts (docs/decisions/033): word shingles,
 * compared by how much of the shorter text the longer one repeats.
 */
export const originality = {
  /** Words per shingle. */
  shingleWords: 5,
  /** Texts with fewer shingles than this are too short to judge (about 14 words). */
  minShingles: 10,
  /** Similarity from which the editor warns and names the other post. */
  warnAt: 0.3,
} as const;

/** The fewest words a text needs before its originality means anything. */
export const originalityMinWords = originality.shingleWords + originality.minShingles - 1;

/** `POST /api/posts/originality`: the text being written, and the post it is (if saved). */
export const originalityInput = z.object({
  postId: entityId.optional(),
  content: postContentText,
});
export type OriginalityInput = z.infer<typeof originalityInput>;

export type SimilarPost = {
  postId: string;
  title: string;
  blogName: string;
  /** 0–1: the share of the shorter text's shingles found in the other. */
  similarity: number;
};

export type OriginalityResult = {
  /** 0–1: one minus the highest similarity (1 = shares no phrase with any other post). */
  score: number;
  mostSimilar: SimilarPost | null;
  /** How many of the owner's other posts were long enough to compare. */
  comparedPosts: number;
};
