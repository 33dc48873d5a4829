import { limits, postingFrequencies } from "./limits.ts";
import { z } from "./zod.ts";

const topics = z.array(z.string().trim().min(1).max(200)).max(100);

/** `POST /api/blogs/{id}/automation` (create) and `PATCH` (update): spec sections 4 and 5. */
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
  })
  .partial()
  .refine((value) => !(value.enabled && value.topics !== undefined && value.topics.length === 0), {
    message: "Add at least one topic to enable automation",
    path: ["topics"],
  });
export type AutomationInput = z.infer<typeof automationInput>;

/** A blog's content automation as the API answers it (spec section 3). */
export type AutomationSettings = {
  blogId: string;
  enabled: boolean;
  lastGeneratedAt: string | null;
  nextRunAt: string | null;
  niche: string | null;
  postingFrequency: (typeof postingFrequencies)[number];
  postsPerWeek: number;
  autoPublish: boolean;
  topics: string[];
  /** Why the last due run wrote nothing (e.g. the AI allowance was used up); null otherwise. */
  skipReason: string | null;
};
