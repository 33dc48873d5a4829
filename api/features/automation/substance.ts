import { textBlocks, wordsOf } from "../../../contracts/content-text.ts";
import type { ReviewReason } from "../../../contracts/posts.ts";

/**
 * The deterministic half of the substance gate (docs/decisions/340): what a reader notices in
 * text generated at scale without added value — the same sentence with words swapped, a small
 * vocabulary, a length far from the one asked, a flat or broken heading structure, figures with
 * nothing behind them. Pure, so the thresholds are tested on text alone.
 */
export const substanceGate = {
  /** Sentences shorter than this are left out of the template check (too few words to judge). */
  templateMinWords: 6,
  /** Fewer judged sentences than this: the template check says nothing. */
  templateMinSentences: 8,
  /** Share of sentences whose skeleton another sentence has: held at this or more. */
  maxTemplateShare: 0.3,
  /** Words in each window of the moving type/token ratio. */
  varietyWindow: 50,
  /** Fewer words than this: no variety figure. */
  varietyMinWords: 200,
  /** Lowest moving type/token ratio; held below. */
  minVariety: 0.6,
  /** Words more than this share away from the length asked: held. */
  lengthTolerance: 0.25,
  /** Posts of this many words or more need this many H2 sections. */
  sectionsFromWords: 500,
  minSections: 2,
  /** Sentences stating a figure without a citation, in a post with sources: held at this many. */
  maxUncitedFigures: 3,
} as const;

/** Words that make a sentence's form rather than its content: kept in its skeleton. */
const formWords = new Set(
  (
    "a an the this that these those my your our their its his her it they we you i he she them us me " +
    "and or but so if then than as because while when where which who whom whose what how why " +
    "of in on at to for from with by about into onto over under after before between through up down out off " +
    "is are was were be been being am do does did done have has had can could will would should may might must " +
    "not no nor all any each every some more most much many few less least very too also just only even still " +
    "there here now once again yet both either neither such own same other another one"
  ).split(" "),
);

export type SentenceStats = { sentences: number; templated: number; example: string | null };

/** The sentences of post text blocks (paragraphs and list items; headings excluded). */
export function sentencesOf(html: string | readonly Block[]): string[] {
  return (typeof html === "string" ? textBlocks(html) : html)
    .filter((block) => block.kind === "paragraph" || block.kind === "list-item")
    .flatMap((block) => block.text.split(/(?<=[.!?])\s+(?=\S)/))
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A sentence with its content words replaced: "take a _ _ at the _ _ of your _ and _ it _". */
export function skeletonOf(sentence: string): string {
  return wordsOf(sentence)
    .map((word) => (formWords.has(word) ? word : /^\p{N}/u.test(word) ? "#" : "_"))
    .join(" ");
}

/** How many judged sentences share their skeleton with another one. */
export function templateStats(sentences: readonly string[]): SentenceStats {
  const judged = sentences.filter((s) => wordsOf(s).length >= substanceGate.templateMinWords);
  const bySkeleton = new Map<string, string[]>();
  for (const sentence of judged) {
    const key = skeletonOf(sentence);
    bySkeleton.set(key, [...(bySkeleton.get(key) ?? []), sentence]);
  }
  let templated = 0;
  let example: string[] | null = null;
  for (const group of bySkeleton.values()) {
    if (group.length < 2) continue;
    templated += group.length;
    if (!example || group.length > example.length) example = group;
  }
  return {
    sentences: judged.length,
    templated,
    example: example ? `“${example[0]}” and “${example[1]}”` : null,
  };
}

/** Moving-average type/token ratio: distinct words over `window` words, averaged over windows. */
export function movingTypeTokenRatio(words: readonly string[], window: number): number {
  if (words.length <= window) return words.length ? new Set(words).size / words.length : 1;
  const counts = new Map<string, number>();
  for (let i = 0; i < window; i++)
    counts.set(words[i] as string, (counts.get(words[i] as string) ?? 0) + 1);
  let total = counts.size;
  const windows = words.length - window + 1;
  for (let i = window; i < words.length; i++) {
    const gone = words[i - window] as string;
    const left = (counts.get(gone) as number) - 1;
    if (left === 0) counts.delete(gone);
    else counts.set(gone, left);
    const added = words[i] as string;
    counts.set(added, (counts.get(added) ?? 0) + 1);
    total += counts.size;
  }
  return total / windows / window;
}

/** A citation the writer or an owner set: `[n]`, or a link inside the sentence's paragraph. */
const citation = /\[\d+\]/;
/** A figure a reader would want backed: a number with a unit, a percentage, a year, a price. */
const figure =
  /(?:\d[\d,.]*\s*(?:%|percent|per cent)|[$€£]\s?\d|\b\d{2,}[\d,.]*\b|\b\d+(?:\.\d+)?\s*(?:kg|g|l|ml|cm|mm|m|km|hours?|days?|weeks?|months?|years?|times)\b)/i;

/** Sentences stating a figure with no citation, in blocks without a link. */
export function uncitedFigures(html: string): string[] {
  const linked = /<a\s[^>]*href=/i;
  const out: string[] = [];
  for (const block of html.split(/(?=<(?:p|li)\b)/i)) {
    if (linked.test(block)) continue;
    for (const sentence of sentencesOf(block)) {
      if (figure.test(sentence) && !citation.test(sentence)) out.push(sentence);
    }
  }
  return out;
}

const clip = (text: string, max = 160) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export type SubstanceInput = {
  content: string;
  /** The length asked for, when known (the writer's target). */
  targetWords?: number | null;
  /** Whether the post has sources to cite (then figures must be cited). */
  hasSources?: boolean;
};

/** Every deterministic substance reason to hold the draft; empty when it passes. */
export function substanceReasons(input: SubstanceInput): ReviewReason[] {
  const gate = substanceGate;
  const reasons: ReviewReason[] = [];
  const blocks = textBlocks(input.content);
  // The body before a closing "Sources" list: the list is titles and addresses, not prose.
  const sourcesAt = blocks.findIndex((b) => b.kind === "heading" && /^sources$/i.test(b.text));
  const body = sourcesAt >= 0 ? blocks.slice(0, sourcesAt) : blocks;
  const words = body.flatMap((b) => wordsOf(b.text));

  const templates = templateStats(sentencesOf(body));
  if (templates.sentences >= gate.templateMinSentences) {
    const share = templates.templated / templates.sentences;
    if (share >= gate.maxTemplateShare)
      reasons.push({
        id: "repeated-templates",
        label: "Repeated sentence patterns",
        reason: `${Math.round(share * 100)}% of the sentences (${templates.templated} of ${templates.sentences}) repeat the same pattern with words swapped (${clip(templates.example ?? "", 240)}); automated posts are held at ${Math.round(gate.maxTemplateShare * 100)}% or more.`,
      });
  }

  if (words.length >= gate.varietyMinWords) {
    const variety = movingTypeTokenRatio(words, gate.varietyWindow);
    if (variety < gate.minVariety)
      reasons.push({
        id: "vocabulary-variety",
        label: "Vocabulary variety",
        reason: `The text keeps reusing the same words: in any ${gate.varietyWindow} words about ${Math.round(variety * gate.varietyWindow)} are different, where written articles have at least ${Math.round(gate.minVariety * gate.varietyWindow)}.`,
      });
  }

  if (input.targetWords && input.targetWords > 0) {
    const off = (words.length - input.targetWords) / input.targetWords;
    if (Math.abs(off) > gate.lengthTolerance)
      reasons.push({
        id: "length-asked",
        label: "Length off target",
        reason: `The post has ${words.length} words where about ${input.targetWords} were asked (${off < 0 ? "" : "+"}${Math.round(off * 100)}%); automated posts are held beyond ±${Math.round(gate.lengthTolerance * 100)}%.`,
      });
  }

  const structure = headingProblems(body, words.length);
  if (structure)
    reasons.push({ id: "heading-structure", label: "Heading structure", reason: structure });

  if (input.hasSources) {
    const uncited = uncitedFigures(input.content);
    if (uncited.length >= gate.maxUncitedFigures)
      reasons.push({
        id: "uncited-figures",
        label: "Figures without a source",
        reason: `${uncited.length} sentences state a figure with no citation, such as “${clip(uncited[0] ?? "")}”. Cite a source for each or remove it.`,
      });
  }
  return reasons;
}

type Block = ReturnType<typeof textBlocks>[number];

/** What is wrong with the headings, or null: too few sections, a skipped level, an empty one. */
function headingProblems(blocks: readonly Block[], words: number): string | null {
  const gate = substanceGate;
  const headings = blocks.filter((b) => b.kind === "heading");
  const sections = headings.filter((b) => b.level === 2).length;
  if (words >= gate.sectionsFromWords && sections < gate.minSections)
    return `A post of ${words} words needs at least ${gate.minSections} sections with H2 headings so readers can find their way; it has ${sections}.`;
  let previous = 1;
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i] as Block;
    if (block.kind !== "heading" || block.level === undefined) continue;
    if (block.level > previous + 1)
      return `“${clip(block.text, 80)}” is an H${block.level} with no H${block.level - 1} above it.`;
    const next = blocks[i + 1];
    if (!next || (next.kind === "heading" && (next.level ?? 9) <= block.level))
      return `The section “${clip(block.text, 80)}” has a heading and no text.`;
    previous = block.level;
  }
  return null;
}
