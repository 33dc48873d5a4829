import { z } from "./zod.ts";

/**
 * Research for the AI writer (issue 31, decision 330): what an owner gives as sources, the
 * numbered sources a post is written from, and the citations found in what the model wrote.
 * Every shape is plain JSON (no undefined, dates as ISO strings), so it can be stored as is.
 */
export const researchLimits = {
  /** Web pages read for one post: the owner's URLs and search results together. */
  pagesPerPost: 8,
  /** Bytes of one page's HTML. */
  pageBytes: 2 * 1024 * 1024,
  /** Time for one page, redirects and body included. */
  pageTimeoutMs: 10_000,
  /** Pages fetched at once. */
  pageConcurrency: 4,
  /** Results asked of the search provider by default, and at most. */
  searchResults: 8,
  searchResultsMax: 20,
  searchTimeoutMs: 10_000,
  searchBytes: 1024 * 1024,
  /** URLs and notes an owner may give for one post, topic or blog. */
  ownerUrls: 10,
  ownerNotes: 10,
  noteChars: 5_000,
  /** Characters of one source's text handed to the model, and of all sources together. */
  charsPerSource: 4_000,
  totalSourceChars: 24_000,
  /** A page whose main text is shorter than this is no source. */
  minPageChars: 200,
} as const;

export const sourceKinds = ["owner-url", "owner-note", "search"] as const;
export type SourceKind = (typeof sourceKinds)[number];

/** Where an owner's material was given, most specific first. */
export const sourceScopes = ["post", "topic", "blog"] as const;
export type SourceScope = (typeof sourceScopes)[number];

/** What an owner gives for one post, topic or blog: pages to read and first-hand notes. */
export const ownerMaterial = z.object({
  urls: z
    .array(z.url({ protocol: /^https?$/, error: "must be an http(s) address" }))
    .max(researchLimits.ownerUrls)
    .default([]),
  notes: z
    .array(z.string().trim().min(1).max(researchLimits.noteChars))
    .max(researchLimits.ownerNotes)
    .default([]),
});
export type OwnerMaterial = z.infer<typeof ownerMaterial>;

/** One numbered source as the model sees it; `n` is what it cites as `[n]`. */
export const researchSource = z.object({
  n: z.number().int().min(1),
  kind: z.enum(sourceKinds),
  /** Post, topic or blog for the owner's material; null for search results. */
  scope: z.enum(sourceScopes).nullable(),
  /** The address given (null for an owner's note) and where it led after redirects. */
  url: z.string().nullable(),
  finalUrl: z.string().nullable(),
  title: z.string(),
  /** The page's main text or the note, cut to the prompt's budget. */
  text: z.string(),
  truncated: z.boolean(),
  fetchedAt: z.string().nullable(),
});
export type ResearchSource = z.infer<typeof researchSource>;

/** A page or search result that could not be used, and why, for the owner to see. */
export const sourceFailure = z.object({
  url: z.string(),
  kind: z.enum(sourceKinds),
  scope: z.enum(sourceScopes).nullable(),
  reason: z.enum([
    "refused",
    "not-html",
    "too-large",
    "timeout",
    "http-status",
    "unreachable",
    "no-text",
    "over-limit",
  ]),
  error: z.string(),
});
export type SourceFailure = z.infer<typeof sourceFailure>;

/** One `[n]` in the post: the claim around it and where in the source to check it. */
export const citation = z.object({
  /** The source's number as the model saw it. */
  n: z.number().int(),
  /** The number readers see (sources are numbered by first citation); null when not linked. */
  number: z.number().int().nullable(),
  /** The sentence the marker closes, and its whole paragraph (or list item, cell, heading). */
  sentence: z.string(),
  passage: z.string(),
  /** The source's sentence that shares most with the claim, when one shares enough. */
  supportingText: z.string().nullable(),
  /** The source's address, opening at `supportingText` in browsers that follow text fragments. */
  checkUrl: z.string().nullable(),
});
export type Citation = z.infer<typeof citation>;
