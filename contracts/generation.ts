import { generatePostInput } from "./ai.ts";
import type { Citation, ResearchSource, SourceFailure } from "./research.ts";
import { ownerMaterial } from "./research.ts";
import { z } from "./zod.ts";

/**
 * The AI writer as a pipeline (issue 31, decision 334): each step a stored result of one job,
 * resumed after a crash from the first step without one. The owner sees the steps as progress.
 */
export const generationSteps = [
  "brief",
  "research",
  "outline",
  "sections",
  "assembly",
  "revision",
  "links",
  "image",
] as const;
export type GenerationStep = (typeof generationSteps)[number];

/** What each step is called in the generate dialog and in automation status. */
export const generationStepLabels: Record<GenerationStep, string> = {
  brief: "Brief",
  research: "Research",
  outline: "Outline",
  sections: "Sections",
  assembly: "Introduction, conclusion and FAQ",
  revision: "Revision against the brief",
  links: "Citations and internal links",
  image: "Feature image",
};

/** `POST /api/ai/generations`: the generate input (topic, tone, length, keywords), and the owner's sources for this post. */
export const generationInput = generatePostInput.extend({
  sources: ownerMaterial.optional(),
});
export type GenerationInput = z.infer<typeof generationInput>;

export const generationStatuses = [
  "queued",
  "running",
  "succeeded",
  "failed",
  "cancelled",
] as const;
export type GenerationStatus = (typeof generationStatuses)[number];

/** What the brief says the post is for (the first step). */
export const postBrief = z.object({
  intent: z.string().trim().min(1).max(500),
  audience: z.string().trim().min(1).max(500),
  angle: z.string().trim().max(500),
  /** What a reader comes with: the post must answer each. */
  questions: z.array(z.string().trim().min(1).max(300)).min(1).max(10),
  /** Whether the questions call for an FAQ at the end (several short, separate questions). */
  faq: z.boolean(),
  /** What to ask the search provider, best first. */
  searchQueries: z.array(z.string().trim().min(1).max(200)).min(1).max(3),
  keywords: z.array(z.string().trim().min(1).max(100)).max(10),
});
export type PostBrief = z.infer<typeof postBrief>;

/** One H2 of the outline: what it must cover, its H3s, the sources it draws on, its words. */
export const outlineSection = z.object({
  heading: z.string().trim().min(1).max(200),
  subheadings: z.array(z.string().trim().min(1).max(200)).max(6),
  covers: z.string().trim().min(1).max(1000),
  /** Numbers of the sources this section draws on. */
  sources: z.array(z.number().int().min(1)).max(10),
  words: z.number().int().min(40).max(2000),
});
export const postOutline = z.object({
  title: z.string().trim().min(1).max(200),
  sections: z.array(outlineSection).min(2).max(12),
});
export type OutlineSection = z.infer<typeof outlineSection>;
export type PostOutline = z.infer<typeof postOutline>;

/** A source as the post keeps it (post_research.sources): what readers click and editors check. */
export type PostSource = Pick<
  ResearchSource,
  "n" | "kind" | "scope" | "url" | "finalUrl" | "title" | "fetchedAt"
> & {
  /** The number readers see in the text and the Sources list; null when not cited or a note. */
  number: number | null;
  /** The source's text the post was written from (as the model saw it). */
  text: string;
};

/** An internal link the writer put in: where to and with which words. */
export type InsertedInternalLink = {
  postId: string;
  title: string;
  href: string;
  anchorText: string;
};

/** The feature image the writer chose or made. */
export type GeneratedImage = {
  mediaId: string;
  url: string;
  alt: string;
  source: "library" | "generated";
};

/** What the pipeline wrote: the generate answer (title, content, excerpt, keywords), and what backs it. */
export type GenerationResult = {
  title: string;
  content: string;
  metaTitle: string;
  metaDescription: string;
  suggestedKeywords: string[];
  slug: string;
  source: "ai" | "offline";
  /** The category written for, when it is one of the blog's. */
  categoryId: string | null;
  words: number;
  targetWords: number;
  sources: PostSource[];
  citations: Citation[];
  sourceFailures: SourceFailure[];
  internalLinks: InsertedInternalLink[];
  /** Links the model wrote that were neither a source nor the blog's own: unwrapped. */
  removedLinks: { href: string; text: string }[];
  featureImage: GeneratedImage | null;
  /** The writer had no source: no statistics or quotes were allowed. */
  withoutSources: boolean;
};

/** What the owner sees while the writer works. */
export type GenerationProgress = {
  step: GenerationStep | null;
  done: GenerationStep[];
  /** The outline's headings, once there is one. */
  outline: { heading: string; subheadings: string[] }[];
  sectionsWritten: number;
  sources: { n: number; title: string; url: string | null }[];
  sourceFailures: number;
  /** Why it waits, when it does (the AI allowance, a rate limit). */
  waiting: string | null;
  /** How it failed, as `POST /api/ai/generate-post` answers it. */
  failure?: { status: number; code: string } | null;
};

/** `GET /api/ai/generations/:id`. */
export type Generation = {
  id: string;
  blogId: string | null;
  postId: string | null;
  origin: "owner" | "automation";
  status: GenerationStatus;
  input: GenerationInput;
  progress: GenerationProgress;
  result: GenerationResult | null;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
};

export const emptyProgress = (): GenerationProgress => ({
  step: null,
  done: [],
  outline: [],
  sectionsWritten: 0,
  sources: [],
  sourceFailures: 0,
  waiting: null,
});
