import type { BlogVoice } from "../../../contracts/voice.ts";
import type { blogVoices } from "../../db/schema.ts";

/** A blog's stored voice, as its table row. */
export type VoiceRow = typeof blogVoices.$inferSelect;

/**
 * The voice as the dashboard edits it. `examples` are the posts still published (an example
 * unpublished since is left out of `examplePostIds` too, so saving the form as shown succeeds).
 */
export function presentVoice(
  row: VoiceRow | undefined,
  personaPhotoUrl: string | null,
  examples: { id: string; title: string }[],
): BlogVoice {
  return {
    personaName: row?.personaName ?? null,
    personaBio: row?.personaBio ?? null,
    personaCredentials: row?.personaCredentials ?? null,
    personaLinks: row?.personaLinks ?? [],
    // A photo no longer in the library is not shown as chosen.
    personaPhotoId: personaPhotoUrl ? (row?.personaPhotoId ?? null) : null,
    personaPhotoUrl,
    personaResponsibleUserId: row?.personaResponsibleUserId ?? null,
    tone: row?.tone ?? null,
    readingLevel: row?.readingLevel ?? null,
    wordsToUse: row?.wordsToUse ?? [],
    wordsToAvoid: row?.wordsToAvoid ?? [],
    examplePostIds: examples.map((post) => post.id),
    examples: examples.map(({ id, title }) => ({ id, title })),
    sourceUrls: row?.sourceUrls ?? [],
    sourceNotes: row?.sourceNotes ?? [],
  };
}
