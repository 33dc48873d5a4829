import { htmlToText, wordsOf } from "../../../contracts/content-text.ts";
import { originality } from "../../../contracts/originality.ts";
import { shinglesOf } from "./fingerprint.ts";

/**
 * A post stays 'AI-assisted' while at least this share of its current text still comes from
 * the AI output it was filled with (docs/decisions/057-ai-disclosure.md).
 */
export const aiAssistedFrom = 0.5;

/**
 * Whether `content` is still, in substance, the AI text `aiText`: the share of the current
 * text's five-word shingles found in the AI text (what the owner kept of it, however much they
 * cut). Text too short for shingles is compared word by word.
 */
export function stillAiAssisted(aiText: string, content: string): boolean {
  const current = shinglesOf(content);
  if (current.size >= originality.minShingles) {
    const generated = shinglesOf(aiText);
    let kept = 0;
    for (const shingle of current) if (generated.has(shingle)) kept++;
    return kept / current.size >= aiAssistedFrom;
  }
  const words = wordsOf(htmlToText(content));
  if (words.length === 0) return false;
  const generated = new Set(wordsOf(htmlToText(aiText)));
  const kept = words.filter((word) => generated.has(word)).length;
  return kept / words.length >= aiAssistedFrom;
}
