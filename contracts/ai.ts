import { postContentText } from "./content-length.ts";
import { entityId } from "./ids.ts";
import { type AiLength, aiLengthLabels, aiLengths, aiTones, limits } from "./limits.ts";
import { z } from "./zod.ts";

export const generatePostInput = z.object({
  topic: z
    .string({ error: (issue) => (issue.input === undefined ? "Topic is required" : undefined) })
    .trim()
    .min(1, "Topic is required")
    .max(300),
  /** A category name to write for (optional). */
  category: z.string().trim().max(100).optional().nullable(),
  tone: z.enum(aiTones).default("professional"),
  length: z.enum(aiLengths).default("medium"),
  /** The blog the post is for: its niche guides the writer and usage is recorded against it. */
  blogId: entityId.optional(),
  /** The saved post being written, when there is one: usage is recorded against it too. */
  postId: entityId.optional(),
});
export type GeneratePostInput = z.infer<typeof generatePostInput>;

/** About how many words each length asks for. */
export const lengthWords: Record<(typeof aiLengths)[number], number> = {
  short: 800,
  medium: 1500,
  long: 2500,
};

/** A length as the writer's forms offer it: 'Short (~800 words)'. */
export const lengthChoiceLabel = (length: AiLength): string =>
  `${aiLengthLabels[length]} (~${lengthWords[length]} words)`;

/** What a model must answer for a post: validated before anyone sees it. */
export const generatedPostSchema = z.object({
  title: z.string().trim().min(1).max(200),
  content: z.string().trim().min(1).max(200_000),
  metaTitle: z.string().trim().max(200),
  metaDescription: z.string().trim().max(500),
  suggestedKeywords: z.array(z.string().trim().min(1).max(100)).max(20),
  slug: z.string().trim().max(200),
});

/** `POST /api/ai/generate-post` (the AI generation result), plus where it came from. */
export type GeneratedPost = z.infer<typeof generatedPostSchema> & {
  /** "ai": written by the configured model; "offline": the built-in outline writer (no model). */
  source: "ai" | "offline";
};

/** Where search results cut a title and a description (the editor's checks hint 50–60, 150–160). */
export const metaLimits = { title: 60, description: 160 } as const;

/** `POST /api/ai/optimize-meta`: the post as written; its first keyword is the focus keyword. */
export const optimizeMetaInput = z.object({
  title: z
    .string({ error: (issue) => (issue.input === undefined ? "Title is required" : undefined) })
    .trim()
    .min(1, "Title is required")
    .max(limits.postTitle),
  content: postContentText.default(""),
  keywords: z
    .array(z.string().trim().max(limits.keywords.maxLength))
    .max(limits.keywords.maxItems)
    .default([]),
  /** The blog the post is for: its name may end a short title, usage is recorded against it. */
  blogId: entityId.optional(),
  /** The saved post being edited, when there is one: usage is recorded against it too. */
  postId: entityId.optional(),
});
export type OptimizeMetaInput = z.infer<typeof optimizeMetaInput>;

/** What a model must answer for meta fields; longer than the limits is trimmed, not refused (033). */
export const optimizedMetaSchema = z.object({
  metaTitle: z.string().trim().min(1).max(200),
  metaDescription: z.string().trim().min(1).max(500),
});

/** `POST /api/ai/optimize-meta`: within `metaLimits`; `offline` when no model wrote them. */
export type OptimizedMeta = { metaTitle: string; metaDescription: string; offline: boolean };
