import { foldCase } from "../../../contracts/content-text.ts";
import { originality } from "../../../contracts/originality.ts";

/**
 * Where two texts share wording (docs/decisions/340): the draft's words covered by a run of
 * five words (the originality shingle) the other text has too, and the longest such passage as
 * the draft writes it, for a held post's reason. Pure; texts are plain text, not HTML.
 */

type Word = { folded: string; start: number; end: number };

function wordsWithPlaces(text: string): Word[] {
  const out: Word[] = [];
  for (const match of text.matchAll(/[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu)) {
    const start = match.index ?? 0;
    out.push({
      folded: foldCase(match[0]).replace(/['’]/g, ""),
      start,
      end: start + match[0].length,
    });
  }
  return out;
}

const k = originality.shingleWords;
const shingleAt = (words: readonly Word[], i: number) =>
  words
    .slice(i, i + k)
    .map((w) => w.folded)
    .join(" ");

export type Overlap = {
  /** Words of the draft inside a shared run, over all its words (0–1). */
  copiedShare: number;
  /** Words of the draft inside shared runs. */
  copiedWords: number;
  /** The longest shared passage as the draft has it (clipped), or null when none. */
  passage: string | null;
  /** Words in that passage. */
  passageWords: number;
};

/** How much of `draft` (plain text) reads word for word as in `other`. */
export function overlapOf(draft: string, other: string, maxPassageChars = 300): Overlap {
  const mine = wordsWithPlaces(draft);
  const theirs = wordsWithPlaces(other);
  const none = { copiedShare: 0, copiedWords: 0, passage: null, passageWords: 0 };
  if (mine.length < k || theirs.length < k) return none;
  const shared = new Set<string>();
  for (let i = 0; i + k <= theirs.length; i++) shared.add(shingleAt(theirs, i));
  const covered = new Uint8Array(mine.length);
  for (let i = 0; i + k <= mine.length; i++) {
    if (shared.has(shingleAt(mine, i))) covered.fill(1, i, i + k);
  }
  let copied = 0;
  let best: [number, number] | null = null;
  for (let i = 0; i < mine.length; ) {
    if (!covered[i]) {
      i++;
      continue;
    }
    let j = i;
    while (j < mine.length && covered[j]) j++;
    copied += j - i;
    if (!best || j - i > best[1] - best[0]) best = [i, j];
    i = j;
  }
  if (!best) return none;
  const first = mine[best[0]] as Word;
  const last = mine[best[1] - 1] as Word;
  let passage = draft.slice(first.start, last.end).replace(/\s+/g, " ");
  if (passage.length > maxPassageChars)
    passage = `${passage.slice(0, maxPassageChars).replace(/\s+\S*$/, "")}…`;
  return {
    copiedShare: copied / mine.length,
    copiedWords: copied,
    passage,
    passageWords: best[1] - best[0],
  };
}
