import { postContentText } from "./content-length.ts";
import { entityId } from "./ids.ts";
import { z } from "./zod.ts";

/**
 * Links from a post to the blog's own published posts (issue 31, decision 331): how many a
 * post gets. One per section (the text between two H2 headings) and one per target, so a
 * reader meets each link where its topic comes up, and never the same page twice.
 */
export const internalLinkLimits = {
  /** One link for about this many words of the post… */
  wordsPerLink: 300,
  /** …and never more than this many in one post, whatever its length. */
  maxPerPost: 5,
} as const;

/**
 * The internal links a post of `words` words may carry in all (those it has already count):
 * one per 300 words, at least one, at most 5.
 */
export function maxInternalLinks(words: number): number {
  return Math.min(
    internalLinkLimits.maxPerPost,
    Math.max(1, Math.floor(words / internalLinkLimits.wordsPerLink)),
  );
}

/** `POST /api/blogs/:blogId/internal-links/suggestions`: the draft as written. */
export const internalLinkSuggestionsInput = z.object({
  /** The post's HTML as the editor has it (saved or not). */
  html: postContentText,
  /** The post being written, when it is saved: never suggested as a link to itself. */
  postId: entityId.optional(),
});
export type InternalLinkSuggestionsInput = z.infer<typeof internalLinkSuggestionsInput>;

export type InternalLinkTarget = {
  postId: string;
  title: string;
  /** The post's site-relative path, as the blog's theme builds it (`/post/{slug}`). */
  path: string;
  /** The href to write in the post's body: relative to the post's own page. */
  href: string;
};

export type InternalLinkSuggestion = {
  /**
   * Which part of the post: 0 is the text before the first H2, n the text under the n-th H2
   * (the same count in the editor and on the server).
   */
  sectionIndex: number;
  /** The H2 the section starts with; null for the text before the first one. */
  sectionHeading: string | null;
  /** Words of the section as written there (never made up): the text that becomes the link. */
  anchorText: string;
  target: InternalLinkTarget;
  /** 0–1, higher is closer: cosine similarity with embeddings, word overlap without. */
  score: number;
};

export type InternalLinkSuggestions = {
  suggestions: InternalLinkSuggestion[];
  /** Internal links this post may carry in all (`maxInternalLinks`). */
  maxLinks: number;
  /** Links to the blog's posts the draft has already; they count against `maxLinks`. */
  existingLinks: number;
  /** How the candidates were ranked: by embeddings when the endpoint offers them. */
  rankedBy: "embeddings" | "full-text";
};
