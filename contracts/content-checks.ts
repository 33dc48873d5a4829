import { containsPhrase, foldCase, textBlocks, wordsOf } from "./content-text.ts";
import { outlineMarker, sectionList, unfinishedSections } from "./offline-outline.ts";
import { slugify } from "./slug.ts";

/**
 * The editor's content checks (docs/decisions/033-content-checks-and-meta-optimizer.md):
 * where the focus keyword appears, meta lengths against the editor's hints, and readability.
 * Pure functions of the editor's fields, run in the browser as the owner types, and on the server
 * by the publishing gate of content automation (docs/decisions/052).
 */

export type CheckStatus = "pass" | "warn";
export type ContentCheck = { id: string; label: string; status: CheckStatus; reason: string };

export type ContentCheckInput = {
  title: string;
  content: string;
  metaTitle: string;
  metaDescription: string;
  keywords: string[];
  slug: string;
};

export type Readability = {
  /** Flesch reading ease, rounded and kept within 0–100; null with no text. */
  score: number | null;
  label: string;
  words: number;
  sentences: number;
  averageSentenceLength: number;
  longestParagraphWords: number;
};

export type ContentReport = {
  focusKeyword: string | null;
  checks: ContentCheck[];
  readability: Readability;
};

/** The editor's SEO field placeholders: hints, never enforced. */
export const metaLengthHints = {
  title: { min: 50, max: 60 },
  description: { min: 150, max: 160 },
} as const;
/** Plain-English targets: Flesch 60+, sentences of 20 words or fewer, paragraphs of 150 or fewer. */
export const readabilityTargets = {
  minScore: 60,
  maxAverageSentenceWords: 20,
  maxParagraphWords: 150,
} as const;

/**
 * English syllables by the usual heuristic: vowel groups, minus a silent final 'e', '-es'
 * and '-ed', plus the vowel pairs that are two syllables ('ra-di-o', 'me-di-a').
 */
export function countSyllables(word: string): number {
  const w = foldCase(word).replace(/[^a-z]/g, "");
  if (!w) return /[\p{L}\p{N}]/u.test(word) ? 1 : 0;
  if (w.length <= 3) return 1;
  let count = w.match(/[aeiouy]+/g)?.length ?? 0;
  if (/[^aeiouy]e$/.test(w) && !/[^aeiouy]le$/.test(w)) count--;
  else if (/[^aeiouysxzcgl]es$/.test(w) && !/[cs]hes$/.test(w)) count--;
  else if (/[^aeioudt]ed$/.test(w)) count--;
  count += w.match(/[^tscg]i[aou]/g)?.length ?? 0;
  return Math.max(1, count);
}

/** Flesch reading ease: 206.835 − 1.015 × words per sentence − 84.6 × syllables per word. */
export function fleschReadingEase(words: number, sentences: number, syllables: number): number {
  if (words === 0 || sentences === 0) return 0;
  return 206.835 - 1.015 * (words / sentences) - 84.6 * (syllables / words);
}

/** The usual plain-language bands of the Flesch score. */
export function readingEaseLabel(score: number): string {
  if (score >= 90) return "Very easy";
  if (score >= 80) return "Easy";
  if (score >= 70) return "Fairly easy";
  if (score >= 60) return "Plain English";
  if (score >= 50) return "Fairly difficult";
  if (score >= 30) return "Difficult";
  return "Very difficult";
}

/** Words that end in a full stop without ending the sentence. */
const abbreviations = new Set(["e.g", "i.e", "etc", "mr", "mrs", "ms", "dr", "vs", "st"]);

/** The sentences of one block of text (a block's end always ends a sentence). */
export function sentencesOf(text: string): string[] {
  const parts = text.split(/(?<=[.!?…]["'”’)\]]*)\s+/u);
  const sentences: string[] = [];
  let pending = "";
  for (const part of parts) {
    pending = pending ? `${pending} ${part}` : part;
    const last = /([\p{L}.]+)\.$/u.exec(pending)?.[1]?.toLowerCase();
    if (last && abbreviations.has(last)) continue;
    if (wordsOf(pending).length > 0) sentences.push(pending);
    pending = "";
  }
  if (pending && wordsOf(pending).length > 0) sentences.push(pending);
  return sentences;
}

/** Readability of the body text: paragraphs and list items (headings are not sentences). */
export function analyzeReadability(html: string): Readability {
  const blocks = textBlocks(html).filter((b) => b.kind === "paragraph" || b.kind === "list-item");
  let words = 0;
  let sentences = 0;
  let syllables = 0;
  let longestParagraphWords = 0;
  for (const block of blocks) {
    const blockWords = wordsOf(block.text);
    words += blockWords.length;
    sentences += sentencesOf(block.text).length;
    for (const word of blockWords) syllables += countSyllables(word);
    if (block.kind === "paragraph")
      longestParagraphWords = Math.max(longestParagraphWords, blockWords.length);
  }
  if (words === 0) {
    return {
      score: null,
      label: "No text yet",
      words: 0,
      sentences: 0,
      averageSentenceLength: 0,
      longestParagraphWords: 0,
    };
  }
  const raw = fleschReadingEase(words, sentences, syllables);
  const score = Math.round(Math.min(100, Math.max(0, raw)));
  return {
    score,
    label: readingEaseLabel(score),
    words,
    sentences,
    averageSentenceLength: Math.round((words / sentences) * 10) / 10,
    longestParagraphWords,
  };
}

const quote = (text: string) => `“${text}”`;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function lengthCheck(
  id: string,
  label: string,
  value: string,
  hint: { min: number; max: number },
  missing: string,
  cutOff: string,
): ContentCheck {
  const n = value.trim().length;
  const range = `${hint.min}–${hint.max} characters`;
  // 'Length N', not 'N characters': the field's own counter already reads that way.
  if (n === 0) return { id, label, status: "warn", reason: missing };
  if (n < hint.min)
    return {
      id,
      label,
      status: "warn",
      reason: `Length ${n}: aim for ${range} to use the space search results give it.`,
    };
  if (n > hint.max) return { id, label, status: "warn", reason: `Length ${n}: ${cutOff}` };
  return { id, label, status: "pass", reason: `Length ${n}, within ${range}.` };
}

function keywordChecks(
  input: ContentCheckInput,
  keyword: string,
  blocks: ReturnType<typeof textBlocks>,
): ContentCheck[] {
  const k = quote(keyword);
  const checks: ContentCheck[] = [];
  const found = (id: string, label: string, ok: boolean, yes: string, no: string) =>
    checks.push({ id, label, status: ok ? "pass" : "warn", reason: ok ? yes : no });

  found(
    "keyword-title",
    "Keyword in title",
    containsPhrase(input.title, keyword),
    `The title contains ${k}.`,
    input.title.trim() ? `The title does not contain ${k}.` : "The post has no title yet.",
  );
  found(
    "keyword-meta-description",
    "Keyword in meta description",
    containsPhrase(input.metaDescription, keyword),
    `The meta description contains ${k}.`,
    input.metaDescription.trim()
      ? `The meta description does not contain ${k}.`
      : "There is no meta description yet.",
  );
  const first = blocks.find((b) => b.kind === "paragraph")?.text ?? "";
  found(
    "keyword-first-paragraph",
    "Keyword in first paragraph",
    containsPhrase(first, keyword),
    `The first paragraph contains ${k}.`,
    first ? `The first paragraph does not contain ${k}.` : "The post has no paragraph yet.",
  );
  // A blank slug is made from the title when the post is saved.
  const slug = slugify(input.slug.trim() || input.title);
  const keywordSlug = slugify(keyword);
  found(
    "keyword-slug",
    "Keyword in URL slug",
    keywordSlug !== "" && `-${slug}-`.includes(`-${keywordSlug}-`),
    `The slug contains ${quote(keywordSlug)}.`,
    slug
      ? `The slug ${quote(slug)} does not contain ${quote(keywordSlug)}.`
      : "There is no slug or title yet.",
  );
  const subheadings = blocks.filter(
    (b) => b.kind === "heading" && (b.level === 2 || b.level === 3),
  );
  found(
    "keyword-subheading",
    "Keyword in a subheading",
    subheadings.some((h) => containsPhrase(h.text, keyword)),
    `A subheading (h2 or h3) contains ${k}.`,
    subheadings.length
      ? `No h2 or h3 subheading contains ${k}.`
      : "The post has no h2 or h3 subheadings.",
  );
  return checks;
}

function readabilityChecks(r: Readability): ContentCheck[] {
  if (r.score === null) {
    const reason = "Write some content to get a readability score.";
    return [
      { id: "readability", label: "Readability", status: "warn", reason },
      { id: "sentence-length", label: "Sentence length", status: "warn", reason: "No text yet." },
      { id: "paragraph-length", label: "Paragraph length", status: "warn", reason: "No text yet." },
    ];
  }
  const t = readabilityTargets;
  return [
    {
      id: "readability",
      label: "Readability",
      status: r.score >= t.minScore ? "pass" : "warn",
      reason:
        r.score >= t.minScore
          ? `Flesch reading ease ${r.score} (${r.label}).`
          : `Flesch reading ease ${r.score} (${r.label}): use shorter sentences and simpler words to reach ${t.minScore}.`,
    },
    {
      id: "sentence-length",
      label: "Sentence length",
      status: r.averageSentenceLength <= t.maxAverageSentenceWords ? "pass" : "warn",
      reason:
        r.averageSentenceLength <= t.maxAverageSentenceWords
          ? `Sentences average ${r.averageSentenceLength} words.`
          : `Sentences average ${r.averageSentenceLength} words: aim for ${t.maxAverageSentenceWords} or fewer.`,
    },
    {
      id: "paragraph-length",
      label: "Paragraph length",
      status: r.longestParagraphWords <= t.maxParagraphWords ? "pass" : "warn",
      reason:
        r.longestParagraphWords <= t.maxParagraphWords
          ? `The longest paragraph has ${plural(r.longestParagraphWords, "word")}.`
          : `The longest paragraph has ${r.longestParagraphWords} words: split paragraphs over ${t.maxParagraphWords}.`,
    },
  ];
}

/**
 * An offline outline's sections that still hold their instructions: listed first, and only
 * while some remain (the API refuses to publish until then).
 */
function outlineCheck(content: string): ContentCheck[] {
  const sections = unfinishedSections(content);
  if (sections.length === 0) return [];
  return [
    {
      id: "unfinished-sections",
      label: "Unfinished sections",
      status: "warn",
      reason: `Replace the ${outlineMarker} instructions in ${sectionList(sections)} with your own text: the post cannot be published until then.`,
    },
  ];
}

/** Every check for the editor's fields. The focus keyword is the first keyword. */
export function checkContent(input: ContentCheckInput): ContentReport {
  const focusKeyword = input.keywords.map((k) => k.trim()).find((k) => wordsOf(k).length > 0);
  const blocks = textBlocks(input.content);
  const readability = analyzeReadability(input.content);
  const checks: ContentCheck[] = outlineCheck(input.content);
  checks.push(
    ...(focusKeyword
      ? keywordChecks(input, focusKeyword, blocks)
      : [
          {
            id: "focus-keyword",
            label: "Focus keyword",
            status: "warn" as const,
            reason: "Add a focus keyword to see where it appears.",
          },
        ]),
  );
  checks.push(
    lengthCheck(
      "meta-title-length",
      "Meta title length",
      input.metaTitle,
      metaLengthHints.title,
      "There is no meta title: search results will show the post title.",
      `search results cut titles after about ${metaLengthHints.title.max} characters.`,
    ),
    lengthCheck(
      "meta-description-length",
      "Meta description length",
      input.metaDescription,
      metaLengthHints.description,
      "There is no meta description: search engines will pick text from the post.",
      `search results cut descriptions after about ${metaLengthHints.description.max} characters.`,
    ),
    ...readabilityChecks(readability),
  );
  return { focusKeyword: focusKeyword ?? null, checks, readability };
}
