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

const optionalText = (what: string, max: number) =>
  z
    .string({ error: `${what} must be text` })
    .trim()
    .max(max, `${what} must be at most ${max} characters`)
    .nullable()
    .optional()
    .transform((value) => value || null);

const httpAddress = z.url({
  protocol: /^https?$/,
  error: "must be a full http(s) address, like https://example.com/page",
});

const wordList = (what: string) =>
  z
    .array(
      z
        .string({ error: `${what}: each entry must be text` })
        .trim()
        .min(1, `${what}: an entry is empty`)
        .max(
          voiceLimits.wordLength,
          `${what}: each entry at most ${voiceLimits.wordLength} characters`,
        ),
    )
    .max(voiceLimits.words, `${what}: at most ${voiceLimits.words} entries`)
    .default([]);

/** `PUT /api/blogs/:blogId/voice`: the whole voice; an absent field is saved empty. */
export const blogVoiceInput = z.object({
  personaName: optionalText("Author name", voiceLimits.name),
  personaBio: optionalText("Author bio", voiceLimits.bio),
  personaCredentials: optionalText("Credentials", voiceLimits.credentials),
  personaLinks: z
    .array(httpAddress)
    .max(voiceLimits.links, `Profile links: at most ${voiceLimits.links}`)
    .default([]),
  /** A media item of the blog (its library), or null. */
  personaPhotoId: z.string().trim().min(1).nullable().optional().default(null),
  /**
   * The person who answers for the persona (decision 368): the owner or an editor of the blog;
   * null means the owner.
   */
  personaResponsibleUserId: z.string().trim().min(1).max(64).nullable().optional().default(null),
  tone: optionalText("Tone", voiceLimits.tone),
  readingLevel: optionalText("Reading level", voiceLimits.readingLevel),
  wordsToUse: wordList("Words to use"),
  wordsToAvoid: wordList("Words to avoid"),
  /** Published posts of the blog whose style the writer follows. */
  examplePostIds: z
    .array(z.string().trim().min(1))
    .max(voiceLimits.examples, `Example posts: at most ${voiceLimits.examples}`)
    .default([]),
  /** "What we know first-hand": pages and notes every post of the blog may cite. */
  sourceUrls: z
    .array(httpAddress)
    .max(researchLimits.ownerUrls, `Pages: at most ${researchLimits.ownerUrls}`)
    .default([]),
  sourceNotes: z
    .array(
      z
        .string({ error: "must be text" })
        .trim()
        .min(1, "is empty")
        .max(researchLimits.noteChars, `must be at most ${researchLimits.noteChars} characters`),
    )
    .max(researchLimits.ownerNotes, `Notes: at most ${researchLimits.ownerNotes}`)
    .default([]),
});
export type BlogVoiceInput = z.infer<typeof blogVoiceInput>;

/** `GET /api/blogs/:blogId/voice`: the stored voice (all empty before the owner sets one). */
export type BlogVoice = Omit<BlogVoiceInput, "personaPhotoId"> & {
  personaPhotoId: string | null;
  /** The photo's address (`/media/…`, on the app's host and the blog's), when there is one. */
  personaPhotoUrl: string | null;
  /**
   * The example posts still published, in the order given, with their titles; `examplePostIds`
   * lists the same posts (one unpublished since is left out of both).
   */
  examples: { id: string; title: string }[];
};
