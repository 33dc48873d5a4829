import {
  type AutomationInput,
  type AutomationSettings,
  automationInput,
} from "@contracts/automation.ts";
import { defaults, limits, type PostingFrequency, postingFrequencies } from "@contracts/limits.ts";
import { z } from "@contracts/zod.ts";

/** What the Content Automation card edits: text as typed, turned into values on save. */
export type AutomationForm = {
  enabled: boolean;
  niche: string;
  /** Comma-separated, as typed. */
  topics: string;
  postingFrequency: PostingFrequency;
  /** As typed; see `parsePostsPerWeek`. */
  postsPerWeek: string;
  autoPublish: boolean;
};

/** The saved settings, or the spec's defaults (section 9) before the first save. */
export function automationFormOf(saved: AutomationSettings | null): AutomationForm {
  return {
    enabled: saved?.enabled ?? false,
    niche: saved?.niche ?? "",
    topics: saved?.topics.join(", ") ?? "",
    postingFrequency: saved?.postingFrequency ?? defaults.postingFrequency,
    postsPerWeek: String(saved?.postsPerWeek ?? limits.postsPerWeek.default),
    autoPublish: saved?.autoPublish ?? defaults.autoPublish,
  };
}

/** Spec section 5: comma-separated, trimmed, empties dropped. */
export function parseTopics(text: string): string[] {
  return text
    .split(",")
    .map((topic) => topic.trim())
    .filter((topic) => topic !== "");
}

/** Spec section 5: a whole number from 1 to 14; a non-numeric entry becomes 1. */
export function parsePostsPerWeek(text: string): number {
  const value = Number.parseInt(text.trim(), 10);
  if (Number.isNaN(value)) return limits.postsPerWeek.min;
  return Math.min(limits.postsPerWeek.max, Math.max(limits.postsPerWeek.min, value));
}

/** With automation on, save is disabled while no topic is given (spec section 5). */
export function canSaveAutomation(form: AutomationForm): boolean {
  return !form.enabled || parseTopics(form.topics).length > 0;
}

/** The body of the POST or PATCH: every field, niche null when empty (spec sections 5 and 7). */
export function automationPayload(
  form: AutomationForm,
): Required<Omit<AutomationInput, "topicDetails">> {
  return {
    enabled: form.enabled,
    niche: form.niche.trim() || null,
    topics: parseTopics(form.topics),
    postingFrequency: form.postingFrequency,
    postsPerWeek: parsePostsPerWeek(form.postsPerWeek),
    autoPublish: form.autoPublish,
  };
}

/**
 * Whether saving would change anything, compared as the values that would be sent (before
 * the first save, against the defaults the card starts from).
 */
export function hasUnsavedChanges(form: AutomationForm, saved: AutomationSettings | null): boolean {
  return (
    JSON.stringify(automationPayload(form)) !==
    JSON.stringify(automationPayload(automationFormOf(saved)))
  );
}

/**
 * The card's resolver: the text as typed, turned into the body by the spec's rules and then
 * checked by the API's own schema, so a save never sends what the server would refuse.
 */
export const automationFormSchema = z
  .object({
    enabled: z.boolean(),
    niche: z.string(),
    topics: z.string(),
    postingFrequency: z.enum(postingFrequencies),
    postsPerWeek: z.string(),
    autoPublish: z.boolean(),
  })
  .transform((form, ctx): AutomationInput => {
    // automationInput takes any input (its topics are preprocessed), so it is run here, not piped.
    const result = automationInput.safeParse(automationPayload(form));
    if (result.success) return result.data;
    for (const issue of result.error.issues)
      ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
    return z.NEVER;
  });
