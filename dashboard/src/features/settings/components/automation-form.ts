import {
  type AutomationInput,
  type AutomationSettings,
  automationInput,
  type TopicDetail,
  topicDetailDefaults,
} from "@contracts/automation.ts";
import {
  type AiLength,
  type AiTone,
  aiLengths,
  aiTones,
  defaults,
  limits,
  type PostingFrequency,
  postingFrequencies,
} from "@contracts/limits.ts";
import { z } from "@contracts/zod.ts";

/** How one topic is written, as the card edits it (issue 31). */
export type TopicDetailForm = {
  topic: string;
  length: AiLength;
  tone: AiTone;
  /** "" for none: the post then goes under a category its words name, if any. */
  categoryId: string;
  /** One address per line, as typed. */
  urls: string;
  /** Notes separated by a blank line, as typed. */
  notes: string;
};

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
  /**
   * Details of topics the owner changed or saved before, in no particular order. Kept while a
   * topic is out of the list (so taking it out and back in loses nothing); only listed topics'
   * details are sent.
   */
  topicDetails: TopicDetailForm[];
};

/** How automation writes a topic without details (contracts/automation.ts, `topicDetail`). */
export { topicDetailDefaults };

/** A topic's details before the owner changes any. */
export const blankTopicDetail = (topic: string): TopicDetailForm => ({
  topic,
  ...topicDetailDefaults,
  categoryId: "",
  urls: "",
  notes: "",
});

function topicDetailFormOf(detail: TopicDetail): TopicDetailForm {
  return {
    topic: detail.topic,
    length: detail.length ?? topicDetailDefaults.length,
    tone: detail.tone ?? topicDetailDefaults.tone,
    categoryId: detail.categoryId ?? "",
    urls: detail.urls.join("\n"),
    notes: detail.notes.join("\n\n"),
  };
}

/** One address per line; blank lines are dropped. */
export function parseSourceUrls(text: string): string[] {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "");
}

/** Notes are separated by a blank line; a note keeps its own line breaks. */
export function parseNotes(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((note) => note.trim())
    .filter((note) => note !== "");
}

/** The listed topics, each once, in the order given. */
export function listedTopics(form: Pick<AutomationForm, "topics">): string[] {
  return [...new Set(parseTopics(form.topics))];
}

/** A listed topic's details: the ones edited or saved, else the defaults. */
export function topicDetailOf(form: AutomationForm, topic: string): TopicDetailForm {
  return form.topicDetails.find((detail) => detail.topic === topic) ?? blankTopicDetail(topic);
}

/** The details with one topic's changed, added when the topic had none. */
export function withTopicDetail(
  details: TopicDetailForm[],
  topic: string,
  change: Partial<Omit<TopicDetailForm, "topic">>,
): TopicDetailForm[] {
  const index = details.findIndex((detail) => detail.topic === topic);
  if (index === -1) return [...details, { ...blankTopicDetail(topic), ...change }];
  return details.map((detail, i) => (i === index ? { ...detail, ...change } : detail));
}

/**
 * The details to send, with where each sits in the form: one per listed topic that differs
 * from the defaults. Topics taken out of the list, and topics left as they are, send none.
 */
function sentTopicDetails(form: AutomationForm): { formIndex: number; detail: TopicDetail }[] {
  return listedTopics(form).flatMap((topic) => {
    const formIndex = form.topicDetails.findIndex((detail) => detail.topic === topic);
    const typed = form.topicDetails[formIndex];
    if (!typed) return [];
    const urls = parseSourceUrls(typed.urls);
    const notes = parseNotes(typed.notes);
    const changed =
      typed.length !== topicDetailDefaults.length ||
      typed.tone !== topicDetailDefaults.tone ||
      typed.categoryId !== "" ||
      urls.length > 0 ||
      notes.length > 0;
    if (!changed) return [];
    const detail: TopicDetail = {
      topic,
      length: typed.length,
      tone: typed.tone,
      ...(typed.categoryId ? { categoryId: typed.categoryId } : {}),
      urls,
      notes,
    };
    return [{ formIndex, detail }];
  });
}

/** What people call a topic's fields, next to which an issue about them is shown. */
const topicDetailFields = ["length", "tone", "categoryId", "urls", "notes"] as const;
export type TopicDetailField = (typeof topicDetailFields)[number];
const topicDetailLabels: Record<TopicDetailField, string> = {
  length: "Length",
  tone: "Tone",
  categoryId: "Category",
  urls: "Sources",
  notes: "Notes",
};

/** A message that reads as the rest of a sentence ('must be …') gets its subject. */
const withSubject = (subject: string, message: string) =>
  /^[a-z]/.test(message) ? `${subject} ${message}` : `${subject}: ${message}`;

/**
 * Where an issue about the sent details (`topicDetails.1.urls.0`, numbered as sent) shows in
 * the form (by the topic's place in `form.topicDetails` and the field), and what it says; null
 * for an issue about anything else.
 */
export function topicDetailIssueOf(
  form: AutomationForm,
  path: readonly PropertyKey[] | string,
  message: string,
): { formIndex: number; field: TopicDetailField; message: string } | null {
  const [root, sentIndex, field, item] = typeof path === "string" ? path.split(".") : path;
  if (root !== "topicDetails") return null;
  const sent = sentTopicDetails(form)[Number(sentIndex)];
  if (!sent) return null;
  const known = topicDetailFields.find((name) => name === field);
  // An issue about the topic itself (or an unknown field) is shown with its sources.
  const shownAt = known ?? "urls";
  const at = { formIndex: sent.formIndex, field: shownAt };
  const itemIndex = item === undefined ? null : Number(item);
  if (known === "urls" && itemIndex !== null) {
    const url = sent.detail.urls[itemIndex];
    if (url !== undefined) return { ...at, message: withSubject(url, message) };
  }
  if (known === "notes" && itemIndex !== null)
    return { ...at, message: withSubject(`Note ${itemIndex + 1}`, message) };
  return { ...at, message: withSubject(topicDetailLabels[shownAt], message) };
}

/** The saved settings, or the defaults (`contracts/limits.ts`) before the first save. */
export function automationFormOf(saved: AutomationSettings | null): AutomationForm {
  return {
    enabled: saved?.enabled ?? false,
    niche: saved?.niche ?? "",
    topics: saved?.topics.join(", ") ?? "",
    postingFrequency: saved?.postingFrequency ?? defaults.postingFrequency,
    postsPerWeek: String(saved?.postsPerWeek ?? limits.postsPerWeek.default),
    autoPublish: saved?.autoPublish ?? defaults.autoPublish,
    topicDetails: saved?.topicDetails.map(topicDetailFormOf) ?? [],
  };
}

/** Comma-separated, trimmed, empties dropped. */
export function parseTopics(text: string): string[] {
  return text
    .split(",")
    .map((topic) => topic.trim())
    .filter((topic) => topic !== "");
}

/** A whole number from 1 to 14; a non-numeric entry becomes 1. */
export function parsePostsPerWeek(text: string): number {
  const value = Number.parseInt(text.trim(), 10);
  if (Number.isNaN(value)) return limits.postsPerWeek.min;
  return Math.min(limits.postsPerWeek.max, Math.max(limits.postsPerWeek.min, value));
}

/** With automation on, save is disabled while no topic is given. */
export function canSaveAutomation(form: AutomationForm): boolean {
  return !form.enabled || parseTopics(form.topics).length > 0;
}

/**
 * The body of the POST or PATCH: every field, niche null when empty,
 * and the details of the listed topics that have any (issue 31), so saving drops the rest.
 */
export function automationPayload(form: AutomationForm): Required<AutomationInput> {
  return {
    enabled: form.enabled,
    niche: form.niche.trim() || null,
    topics: parseTopics(form.topics),
    postingFrequency: form.postingFrequency,
    postsPerWeek: parsePostsPerWeek(form.postsPerWeek),
    autoPublish: form.autoPublish,
    topicDetails: sentTopicDetails(form).map(({ detail }) => detail),
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
 * The card's resolver: the text as typed, turned into the body by the form's rules and then
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
    topicDetails: z.array(
      z.object({
        topic: z.string(),
        length: z.enum(aiLengths),
        tone: z.enum(aiTones),
        categoryId: z.string(),
        urls: z.string(),
        notes: z.string(),
      }),
    ),
  })
  .transform((form, ctx): AutomationInput => {
    // automationInput takes any input (its topics are preprocessed), so it is run here, not piped.
    const result = automationInput.safeParse(automationPayload(form));
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      // A topic's issue is shown next to its field in the form, not at its place in the body.
      const shown = topicDetailIssueOf(form, issue.path, issue.message);
      ctx.addIssue({
        code: "custom",
        path: shown ? ["topicDetails", shown.formIndex, shown.field] : issue.path,
        message: shown?.message ?? issue.message,
      });
    }
    return z.NEVER;
  });
