import type { Text } from "domhandler";
import type { Section } from "./sections.ts";
import { isContentWord, sameWord, searchStem, type Token, tokensOf } from "./words.ts";

/** The words of a possible target that an anchor may be made of: its title and keywords. */
export type TargetWords = {
  /** Distinct content words of the title (what an anchor and the section should share). */
  content: string[];
  /** Every word of the title, stop words too ("bed of roses" keeps its "of"). */
  all: string[];
  /** The post's keywords, each as its words, the focus keyword first. */
  keywords: string[][];
};

export function targetWordsOf(
  title: string,
  keywords: readonly string[],
  stopwords: ReadonlySet<string>,
): TargetWords {
  const all = tokensOf(title).map((t) => t.word);
  return {
    content: [...new Set(all.filter((w) => isContentWord(w, stopwords)))],
    all,
    keywords: keywords
      .map((k) => tokensOf(k).map((t) => t.word))
      .filter((words) => usableAnchorWords(words, stopwords)),
  };
}

/** Anchor words that say something: one content word of 4+ letters at least. */
function usableAnchorWords(words: readonly string[], stopwords: ReadonlySet<string>): boolean {
  const content = words.filter((w) => isContentWord(w, stopwords));
  return content.length > 1 || content.some((w) => Array.from(w).length >= 4);
}

/** The query of one section: its content words by weight, as searched in the index. */
export type SearchTerm = { stem: string; weight: number };

/** At most this many words of a section are searched for. */
const termsPerSection = 12;

/**
 * The words a section is about: its content words counted (a word of its heading counts three
 * times), grouped by the stem the index is searched with, the heaviest first.
 */
export function searchTermsOf(section: Section, stopwords: ReadonlySet<string>): SearchTerm[] {
  const weights = new Map<string, number>();
  const add = (text: string, weight: number) => {
    for (const { word } of tokensOf(text)) {
      if (!isContentWord(word, stopwords)) continue;
      const stem = searchStem(word);
      weights.set(stem, (weights.get(stem) ?? 0) + weight);
    }
  };
  add(section.heading ?? "", 3);
  for (const text of section.readable) add(text, 1);
  return [...weights]
    .map(([stem, weight]) => ({ stem, weight }))
    .sort((a, b) => b.weight - a.weight || b.stem.length - a.stem.length)
    .slice(0, termsPerSection);
}

/** How strong an anchor on one of the target's keywords is at least (a whole title is 1). */
const keywordStrength = 0.5;

/** At most this many words of a whole draft are searched for, in one query. */
export const termsPerDraft = 24;

/**
 * The draft's query: each section's heaviest words in turn (its first, then its second…), so
 * every section is searched for, until `termsPerDraft`; a stem several sections share counts
 * once, with their weights added.
 */
export function draftSearchTerms(sections: readonly SearchTerm[][]): SearchTerm[] {
  const chosen = new Map<string, number>();
  const longest = Math.max(0, ...sections.map((terms) => terms.length));
  for (let rank = 0; rank < longest && chosen.size < termsPerDraft; rank++) {
    for (const terms of sections) {
      const term = terms[rank];
      if (!term) continue;
      if (chosen.has(term.stem) || chosen.size < termsPerDraft)
        chosen.set(term.stem, (chosen.get(term.stem) ?? 0) + term.weight);
    }
  }
  return [...chosen].map(([stem, weight]) => ({ stem, weight }));
}

export type Anchor = {
  /** The words as written in the section (white space runs read as one space). */
  text: string;
  /** 0–1: how much of the target's title (or one of its keywords) the words are. */
  strength: number;
};

/** Between two words of one anchor: white space or a hyphen, never punctuation that ends a phrase. */
const joinable = /^\s*-?\s*$/;

/**
 * Words that `sameWord` may join share this: their first four letters, or the whole word when
 * it is shorter (short words join only when equal). Comparisons look words up by it instead of
 * comparing every word of a section with every word of a title.
 */
const formKey = (word: string) => {
  const chars = Array.from(word);
  return chars.length > 4 ? chars.slice(0, 4).join("") : word;
};

/** A word of a section's linkable text, with whether it carries meaning. */
type SectionToken = Token & { content: boolean };

/** The words of a section, read once per section and compared with every target. */
export type SectionWords = {
  texts: { node: Text; tokens: SectionToken[] }[];
  /** The section's distinct words (headings and linked words too), by `formKey`. */
  byForm: Map<string, string[]>;
};

export function sectionWordsOf(
  section: Section,
  readable: string,
  stopwords: ReadonlySet<string>,
): SectionWords {
  const byForm = new Map<string, string[]>();
  for (const word of new Set(tokensOf(readable).map((t) => t.word))) {
    const key = formKey(word);
    byForm.set(key, [...(byForm.get(key) ?? []), word]);
  }
  return {
    texts: section.texts.map((node) => ({
      node,
      tokens: tokensOf(node.data).map((t) => ({ ...t, content: isContentWord(t.word, stopwords) })),
    })),
    byForm,
  };
}

/** Whether the section has a form of `word` anywhere. */
const sectionHas = (section: SectionWords, word: string) =>
  section.byForm.get(formKey(word))?.some((s) => sameWord(word, s)) ?? false;

/**
 * The section's words that are forms of the title's: each to the title's content word it is a
 * form of, or null when it is a form of one of the title's stop words only.
 */
function titleForms(section: SectionWords, target: TargetWords): Map<string, string | null> {
  const forms = new Map<string, string | null>();
  const content = new Set(target.content);
  for (const word of target.all) {
    for (const s of section.byForm.get(formKey(word)) ?? []) {
      if (!sameWord(word, s)) continue;
      if (content.has(word)) {
        if (!forms.get(s)) forms.set(s, word);
      } else if (!forms.has(s)) forms.set(s, null);
    }
  }
  return forms;
}

/**
 * The best anchor for `target` in the section: an existing run of the section's words (in one
 * text node a link may go in) that are words of the target's title, starting and ending with a
 * content word, the run covering most of the title's content words winning (the first such run
 * on a tie); or a phrase that is one of the target's keywords. Null when the section has none:
 * text is never made up to carry a link.
 */
export function bestAnchor(
  section: SectionWords,
  target: TargetWords,
  stopwords: ReadonlySet<string>,
): Anchor | null {
  const forms = titleForms(section, target);
  const keywords = target.keywords.filter((k) => sectionHas(section, k[0] as string));
  if (keywords.length === 0 && ![...forms.values()].some(Boolean)) return null;
  const titleWords = Math.max(1, target.content.length);
  let best: Anchor | null = null;
  const consider = (text: string, tokens: Token[], from: number, to: number, strength: number) => {
    if (best && best.strength >= strength) return;
    const start = tokens[from] as Token;
    const end = tokens[to] as Token;
    best = { text: text.slice(start.start, end.end).replace(/\s+/g, " "), strength };
  };
  /** How many of the title's content words a run of tokens covers. */
  const covered = (tokens: SectionToken[], from: number, to: number) => {
    const found = new Set<string>();
    for (let k = from; k <= to; k++) {
      const token = tokens[k] as SectionToken;
      const form = token.content ? forms.get(token.word) : null;
      if (form) found.add(form);
    }
    return found.size;
  };

  for (const { node, tokens } of section.texts) {
    const text = node.data;
    const gapOk = (k: number) =>
      joinable.test(text.slice((tokens[k - 1] as Token).end, (tokens[k] as Token).start));
    for (let i = 0; i < tokens.length; i++) {
      const first = tokens[i] as SectionToken;
      if (!first.content || !forms.get(first.word)) continue;
      // The longest run from here of the title's words, ending on a content word.
      let end = i;
      for (let j = i + 1; j < tokens.length && gapOk(j); j++) {
        const token = tokens[j] as SectionToken;
        if (!forms.has(token.word)) break;
        if (token.content && forms.get(token.word)) end = j;
      }
      const words = tokens.slice(i, end + 1).map((t) => t.word);
      if (!usableAnchorWords(words, stopwords)) continue;
      consider(text, tokens, i, end, covered(tokens, i, end) / titleWords);
    }
    // A keyword of the target, as the owner chose it for that post, is a good anchor too: worth
    // half the title at least.
    for (const keyword of keywords) {
      for (let i = 0; i + keyword.length <= tokens.length; i++) {
        let k = 0;
        while (
          k < keyword.length &&
          sameWord(keyword[k] as string, (tokens[i + k] as Token).word) &&
          (k === 0 || gapOk(i + k))
        )
          k++;
        if (k < keyword.length) continue;
        const last = i + keyword.length - 1;
        consider(
          text,
          tokens,
          i,
          last,
          Math.max(keywordStrength, covered(tokens, i, last) / titleWords),
        );
        break;
      }
    }
  }
  return best;
}

/** Below this a target is not suggested for a section: too little of it is there. */
export const minLexicalScore = 0.4;

/**
 * How well a section and a target match by their words, 0–1: half how many of the title's
 * content words the section uses anywhere, half how strong the anchor is.
 */
export function lexicalScore(section: SectionWords, target: TargetWords, anchor: Anchor): number {
  if (target.content.length === 0) return 0.5 * anchor.strength;
  const used = target.content.filter((word) => sectionHas(section, word)).length;
  return 0.5 * (used / target.content.length) + 0.5 * anchor.strength;
}
