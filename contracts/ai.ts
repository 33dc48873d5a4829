import { entityId } from "./ids.ts";
import { aiLengths, aiTones } from "./limits.ts";
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
});
export type GeneratePostInput = z.infer<typeof generatePostInput>;

/** About how many words each length asks for (spec section 9). */
export const lengthWords: Record<(typeof aiLengths)[number], number> = {
  short: 800,
  medium: 1500,
  long: 2500,
};

/** What a model must answer for a post: validated before anyone sees it. */
export const generatedPostSchema = z.object({
  title: z.string().trim().min(1).max(200),
  content: z.string().trim().min(1).max(200_000),
  metaTitle: z.string().trim().max(200),
  metaDescription: z.string().trim().max(500),
  suggestedKeywords: z.array(z.string().trim().min(1).max(100)).max(20),
  slug: z.string().trim().max(200),
});

/** `POST /api/ai/generate-post` (spec section 3, AI generation result), plus where it came from. */
export type GeneratedPost = z.infer<typeof generatedPostSchema> & {
  /** "ai": written by the configured model; "offline": the built-in outline writer (no model). */
  source: "ai" | "offline";
};
