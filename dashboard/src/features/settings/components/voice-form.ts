import { type BlogVoice, type BlogVoiceInput, blogVoiceInput } from "@contracts/voice.ts";
import { z } from "@contracts/zod.ts";

/** What the Voice card edits: lists as typed (addresses a line each, words with commas). */
export type VoiceForm = {
  personaName: string;
  personaBio: string;
  personaCredentials: string;
  /** One address a line. */
  personaLinks: string;
  personaPhotoId: string | null;
  /** The owner or an editor who answers for the persona; "" for the owner (decision 368). */
  personaResponsibleUserId: string;
  tone: string;
  readingLevel: string;
  /** Separated by commas. */
  wordsToUse: string;
  wordsToAvoid: string;
  examplePostIds: string[];
  /** One address a line. */
  sourceUrls: string;
  /** A field each (react-hook-form's field arrays hold objects). */
  sourceNotes: { text: string }[];
};

/** The saved voice as the form shows it. */
export function voiceFormOf(voice: BlogVoice): VoiceForm {
  return {
    personaName: voice.personaName ?? "",
    personaBio: voice.personaBio ?? "",
    personaCredentials: voice.personaCredentials ?? "",
    personaLinks: voice.personaLinks.join("\n"),
    personaPhotoId: voice.personaPhotoId,
    personaResponsibleUserId: voice.personaResponsibleUserId ?? "",
    tone: voice.tone ?? "",
    readingLevel: voice.readingLevel ?? "",
    wordsToUse: voice.wordsToUse.join(", "),
    wordsToAvoid: voice.wordsToAvoid.join(", "),
    examplePostIds: voice.examplePostIds,
    sourceUrls: voice.sourceUrls.join("\n"),
    sourceNotes: voice.sourceNotes.map((text) => ({ text })),
  };
}

/** The non-empty lines of a text, trimmed. */
export const linesOf = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");

/** The entries of a comma-separated text, trimmed, empties dropped. */
export const entriesOf = (text: string) =>
  text
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");

/** The body of the PUT, before the contract's schema checks it. */
export function voicePayload(form: VoiceForm) {
  return {
    personaName: form.personaName,
    personaBio: form.personaBio,
    personaCredentials: form.personaCredentials,
    personaLinks: linesOf(form.personaLinks),
    personaPhotoId: form.personaPhotoId,
    personaResponsibleUserId: form.personaResponsibleUserId || null,
    tone: form.tone,
    readingLevel: form.readingLevel,
    wordsToUse: entriesOf(form.wordsToUse),
    wordsToAvoid: entriesOf(form.wordsToAvoid),
    examplePostIds: form.examplePostIds,
    sourceUrls: linesOf(form.sourceUrls),
    // An empty note field is left out, as an empty line is.
    sourceNotes: form.sourceNotes.map((note) => note.text.trim()).filter((text) => text !== ""),
  };
}

/**
 * Where a problem of the body is shown on the form, with a message that says which entry it
 * is about: an address by its text (lines are counted without the empty ones), a note on its
 * own field.
 */
export function formIssueOf(
  payload: ReturnType<typeof voicePayload>,
  issue: { path: PropertyKey[]; message: string },
): { path: (string | number)[]; message: string } {
  const [field, index] = issue.path;
  const name = String(field ?? "");
  if ((name === "personaLinks" || name === "sourceUrls") && typeof index === "number") {
    return { path: [name], message: `“${payload[name][index]}” ${issue.message}` };
  }
  if (name === "sourceNotes" && typeof index === "number") {
    // Counted as sent: without the empty fields.
    return { path: [name], message: `Note ${index + 1} ${issue.message}` };
  }
  return { path: [name], message: issue.message };
}

/**
 * The card's resolver: the form as typed, turned into the body and checked by the API's own
 * schema, so a save never sends what the server would refuse, with the same messages.
 */
export const voiceFormSchema = z
  .object({
    personaName: z.string(),
    personaBio: z.string(),
    personaCredentials: z.string(),
    personaLinks: z.string(),
    personaPhotoId: z.string().nullable(),
    personaResponsibleUserId: z.string(),
    tone: z.string(),
    readingLevel: z.string(),
    wordsToUse: z.string(),
    wordsToAvoid: z.string(),
    examplePostIds: z.array(z.string()),
    sourceUrls: z.string(),
    sourceNotes: z.array(z.object({ text: z.string() })),
  })
  .transform((form, ctx): BlogVoiceInput => {
    const payload = voicePayload(form);
    const result = blogVoiceInput.safeParse(payload);
    if (result.success) return result.data;
    for (const issue of result.error.issues)
      ctx.addIssue({ code: "custom", ...formIssueOf(payload, issue) });
    return z.NEVER;
  });
