import { researchLimits } from "./research.ts";
import { z } from "./zod.ts";

/**
 * A blog's voice for the AI writer (issue 31, decision 333): the author persona readers see,
 * the style guide, up to three example posts, and the owner's first-hand material for every
 * post of the blog. All of it goes into every step's prompt, fenced as the owner's data.
 */
export const voiceLimits = {
  name: 100,
  bio: 1_000,
  credentials: 300,
  links: 5,
  tone: 200,
  readingLevel: 100,
  words: 30,
  wordLength: 60,
  examples: 3,
} as const;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((value) => value || null);

const wordList = z
  .array(z.string().trim().min(1).max(voiceLimits.wordLength))
  .max(voiceLimits.words)
  .default([]);

/** `PUT /api/blogs/:blogId/voice`. */
export const blogVoiceInput = z.object({
  personaName: optionalText(voiceLimits.name),
  personaBio: optionalText(voiceLimits.bio),
  personaCredentials: optionalText(voiceLimits.credentials),
  personaLinks: z
    .array(z.url({ protocol: /^https?$/, error: "must be an http(s) address" }))
    .max(voiceLimits.links)
    .default([]),
  /** A media item of the blog (its library), or null. */
  personaPhotoId: z.string().trim().min(1).nullable().optional().default(null),
  tone: optionalText(voiceLimits.tone),
  readingLevel: optionalText(voiceLimits.readingLevel),
  wordsToUse: wordList,
  wordsToAvoid: wordList,
  /** Published posts of the blog whose style the writer follows. */
  examplePostIds: z.array(z.string().trim().min(1)).max(voiceLimits.examples).default([]),
  /** "What we know first-hand": pages and notes every post of the blog may cite. */
  sourceUrls: z
    .array(z.url({ protocol: /^https?$/, error: "must be an http(s) address" }))
    .max(researchLimits.ownerUrls)
    .default([]),
  sourceNotes: z
    .array(z.string().trim().min(1).max(researchLimits.noteChars))
    .max(researchLimits.ownerNotes)
    .default([]),
});
export type BlogVoiceInput = z.infer<typeof blogVoiceInput>;

/** `GET /api/blogs/:blogId/voice`: the stored voice (all empty before the owner sets one). */
export type BlogVoice = Omit<BlogVoiceInput, "personaPhotoId"> & {
  personaPhotoId: string | null;
  /** The photo's public address, when there is one. */
  personaPhotoUrl: string | null;
  /** The example posts' titles, in the order given (missing ones left out). */
  examples: { id: string; title: string }[];
};
