import { aiLengths, aiTones, limits, postingFrequencies } from "./limits.ts";
import { ownerMaterial } from "./research.ts";
import { z } from "./zod.ts";

const topics = z.array(z.string().trim().min(1).max(200)).max(100);

/**
 * What the AI writer is given for one topic of automation (issue 31): its length, tone and
 * category, and the owner's own pages and notes about it. A topic without details is written
 * at medium length, in a professional tone, under the category its words name (if any).
 */
export const topicDetail = ownerMaterial.extend({
  topic: z.string().trim().min(1).max(200),
  length: z.enum(aiLengths).optional(),
  tone: z.enum(aiTones).optional(),
  categoryId: z.string().trim().min(1).nullable().optional(),
});
export type TopicDetail = z.infer<typeof topicDetail>;

/** How a topic without details is written. */
export const topicDetailDefaults = { length: "medium", tone: "professional" } as const;

/** The stored details, read defensively (a row written before a field existed). */
export function topicDetailsOf(stored: unknown): TopicDetail[] {
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((item) => {
    const parsed = topicDetail.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/** `POST /api/blogs/{id}/automation` (create) and `PATCH` (update). */
export const automationInput = z
  .object({
    enabled: z.boolean(),
    niche: z
      .string()
      .trim()
      .max(200)
      .nullable()
      .transform((value) => (value ? value : null)),
    topics: z.preprocess(
      (value) =>
        Array.isArray(value)
          ? value.filter((t) => typeof t !== "string" || t.trim() !== "")
          : value,
      topics,
    ),
    postingFrequency: z.enum(postingFrequencies),
    postsPerWeek: z.number().int().min(limits.postsPerWeek.min).max(limits.postsPerWeek.max),
    autoPublish: z.boolean(),
    topicDetails: z.array(topicDetail).max(100),
  })
  .partial()
  .refine((value) => !(value.enabled && value.topics !== undefined && value.topics.length === 0), {
    message: "Add at least one topic to enable automation",
    path: ["topics"],
  });
export type AutomationInput = z.infer<typeof automationInput>;

/** A blog's content automation as the API answers it. */
export type AutomationSettings = {
  blogId: string;
  /**
   * Whether the owner has saved settings for the blog. Before the first save the API answers
   * the defaults with `false` (decision 354), and a save creates them (POST) rather than
   * updating (PATCH).
   */
  configured: boolean;
  enabled: boolean;
  lastGeneratedAt: string | null;
  nextRunAt: string | null;
  niche: string | null;
  postingFrequency: (typeof postingFrequencies)[number];
  postsPerWeek: number;
  autoPublish: boolean;
  topics: string[];
  topicDetails: TopicDetail[];
  /** Why the last due run wrote nothing (e.g. the AI allowance was used up); null otherwise. */
  skipReason: string | null;
};

/** `POST /api/blogs/{id}/automation/topic-suggestions`: topics to accept, none offline. */
export type TopicSuggestions = {
  topics: string[];
  source: "ai" | "offline";
  /** Why none are offered (no model configured); null with suggestions. */
  message: string | null;
};

/**
 * What automation's status says when every topic has been written (decision 341); the card
 * offers topic suggestions while it shows.
 */
export const outOfTopicsReason =
  "Out of topics: every topic has been written. Add topics or accept suggested ones to go on.";
