import { htmlToText, wordsOf } from "../../../contracts/content-text.ts";
import type { PostBrief, PostOutline } from "../../../contracts/generation.ts";
import type { DraftPart } from "./prompts.ts";

/**
 * The draft between the steps of the AI writer (decision 334): how the requested length is
 * shared out, how the parts become one post, and what the revision pass is told to fix.
 * Pure functions of their input.
 */

/** How far a finished post may be from its requested length (issue 31: ±15%). */
export const lengthTolerance = 0.15;
/** The revision pass aims well inside the tolerance, so one round usually lands in it. */
const reviseBeyond = 0.08;

export type WordPlan = { intro: number; conclusion: number; faq: number; body: number };

/** The requested length shared out: the introduction, the conclusion, an FAQ, the sections. */
export function planWords(target: number, faq: boolean): WordPlan {
  const intro = Math.max(60, Math.round(target * 0.08));
  const conclusion = Math.max(60, Math.round(target * 0.07));
  const faqWords = faq ? Math.max(120, Math.round(target * 0.1)) : 0;
  return { intro, conclusion, faq: faqWords, body: target - intro - conclusion - faqWords };
}

/** Sections of about 250 words, between three and eight. */
export const sectionCountFor = (bodyWords: number) =>
  Math.min(8, Math.max(3, Math.round(bodyWords / 250)));

/**
 * The outline as the sections are written from it: at most eight sections, each with a word
 * budget, the budgets scaled so they add up to the body's share of the length (models rarely
 * add up), and only numbers of real sources.
 */
export function fitOutline(outline: PostOutline, bodyWords: number, sourceCount: number) {
  const sections = outline.sections.slice(0, 8).map((s) => ({
    ...s,
    sources: [...new Set(s.sources)].filter((n) => n >= 1 && n <= sourceCount),
    words: Math.max(40, s.words),
  }));
  const asked = sections.reduce((sum, s) => sum + s.words, 0);
  const scale = bodyWords / asked;
  return {
    title: outline.title,
    sections: sections.map((s) => ({ ...s, words: Math.max(60, Math.round(s.words * scale)) })),
  };
}

export const wordCount = (html: string) => wordsOf(htmlToText(html)).length;

/** Model HTML as a section body: sanitized, its headings below the product's H2. */
export function sectionBody(html: string, sanitize: (html: string) => string): string {
  return sanitize(html)
    .replace(/<h[12](\s[^>]*)?>/gi, "<h3>")
    .replace(/<\/h[12]>/gi, "</h3>")
    .trim();
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string,
  );

/** The heading of the FAQ: the one the theme's structured data recognises as a visible FAQ. */
export const faqHeading = "Frequently asked questions";
export const conclusionHeading = "Conclusion";

export type Draft = {
  intro: string;
  sections: { heading: string; html: string }[];
  faq: { question: string; answer: string }[];
  conclusion: string;
};

/** The post's HTML: introduction, the sections under their H2s, the FAQ, the conclusion. */
export function assemble(draft: Draft): string {
  const parts = [draft.intro];
  for (const section of draft.sections)
    parts.push(`<h2>${escapeHtml(section.heading)}</h2>`, section.html);
  if (draft.faq.length > 0) {
    parts.push(`<h2>${faqHeading}</h2>`);
    for (const item of draft.faq)
      parts.push(`<h3>${escapeHtml(item.question)}</h3>`, `<p>${escapeHtml(item.answer)}</p>`);
  }
  parts.push(`<h2>${conclusionHeading}</h2>`, draft.conclusion);
  return parts.join("\n");
}

/** The parts the revision may rewrite, in order: introduction, sections, conclusion. */
export function partsOf(draft: Draft, plan: WordPlan, outline: { sections: { words: number }[] }) {
  const parts: DraftPart[] = [
    { label: "Introduction", html: draft.intro, words: wordCount(draft.intro), target: plan.intro },
    ...draft.sections.map((s, i) => ({
      label: `Section "${s.heading}"`,
      html: s.html,
      words: wordCount(s.html),
      target: outline.sections[i]?.words ?? 0,
    })),
    {
      label: "Conclusion",
      html: draft.conclusion,
      words: wordCount(draft.conclusion),
      target: plan.conclusion,
    },
  ];
  return parts;
}

/** A draft with part `index` (as `partsOf` counts) replaced. */
export function withPart(draft: Draft, index: number, html: string): Draft {
  if (index === 0) return { ...draft, intro: html };
  if (index === draft.sections.length + 1) return { ...draft, conclusion: html };
  const at = index - 1;
  if (at < 0 || at >= draft.sections.length) return draft;
  return {
    ...draft,
    sections: draft.sections.map((s, i) => (i === at ? { ...s, html } : s)),
  };
}

const contentWords = (text: string) =>
  wordsOf(text.toLowerCase()).filter((w) => w.length > 3 && !questionWords.has(w));
const questionWords = new Set([
  "what",
  "which",
  "when",
  "where",
  "does",
  "should",
  "could",
  "would",
  "there",
  "their",
  "about",
  "with",
  "from",
  "that",
  "this",
  "your",
  "have",
]);

/** Whether the post's text holds most of the question's own words (a cheap, honest check). */
export function answers(text: string, question: string): boolean {
  const words = contentWords(question);
  if (words.length === 0) return true;
  const have = new Set(contentWords(text).map((w) => w.slice(0, 5)));
  const found = words.filter((w) => have.has(w.slice(0, 5))).length;
  return found / words.length >= 0.5;
}

/**
 * What the revision pass is told to fix: the length when it is off by more than 8% (which
 * parts to lengthen or shorten, by how much), questions of the brief the text does not take
 * up, and words the style guide says to avoid.
 */
export function findingsFor(
  draft: Draft,
  parts: DraftPart[],
  brief: PostBrief,
  target: number,
  wordsToAvoid: string[],
): { findings: string[]; words: number; lengthOff: boolean } {
  const html = assemble(draft);
  const words = wordCount(html);
  const findings: string[] = [];
  const off = (words - target) / target;
  const lengthOff = Math.abs(off) > reviseBeyond;
  if (lengthOff) {
    const direction = off < 0 ? "short" : "long";
    const worst = parts
      .map((part, index) => ({ index, gap: part.target - part.words, part }))
      .filter(({ gap }) => (off < 0 ? gap > 0 : gap < 0))
      .sort((a, b) => Math.abs(b.gap) - Math.abs(a.gap))
      .slice(0, 4);
    findings.push(
      `The draft is ${words} words; the target is ${target}: it is too ${direction}. ` +
        worst
          .map(
            ({ index, part }) =>
              `${off < 0 ? "Lengthen" : "Shorten"} part ${index} (${part.label}) from ${part.words} to about ${part.target} words.`,
          )
          .join(" "),
    );
  }
  const text = htmlToText(html);
  for (const question of brief.questions)
    if (!answers(text, question))
      findings.push(`No part answers this question of the brief: ${question}`);
  const lower = text.toLowerCase();
  const used = wordsToAvoid.filter((w) => lower.includes(w.toLowerCase()));
  if (used.length)
    findings.push(`The style guide avoids these words, which the draft uses: ${used.join(", ")}.`);
  return { findings, words, lengthOff };
}

export const withinLength = (words: number, target: number) =>
  Math.abs(words - target) / target <= lengthTolerance;
