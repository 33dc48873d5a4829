import { foldCase, htmlToText } from "../../../contracts/content-text.ts";
import { limits } from "../../../contracts/limits.ts";
import { isContentWord, sameWord, tokensOf } from "../internal-links/words.ts";

/** A published post, as the suggestions read it. */
export type PostText = { title: string; content: string };

export type KeywordContext = {
  posts: readonly PostText[];
  /** The blog's niche (automation's, else its description): the fallback, and what counts as related. */
  niche: string | null;
  /** The approved program: words of its category and description make a phrase related. */
  program: { category: string; description: string };
  /** Keywords the blog already links (a second link for one keyword is refused). */
  taken: readonly string[];
  stopwords: ReadonlySet<string>;
};

type Candidate = {
  words: string[];
  /** How it is written most often, in lower case (accents kept: the link matches them). */
  spellings: Map<string, number>;
  count: number;
  posts: Set<number>;
  inTitle: boolean;
};

/** Phrases of one to three words; longer ones are rarely repeated word for word. */
const longestPhrase = 3;
/** Weight of a phrase by its number of words: "trail running shoes" says more than "shoes". */
const lengthWeight = [0, 0.5, 1.6, 2];

/**
 * Keywords for an affiliate link to a program the owner approved (decision 354), best first:
 * phrases the blog's published posts repeat, since a link is only inserted where its keyword
 * stands in a post. A phrase counts when it occurs twice; its score grows with its
 * occurrences, its length, the posts it is in and a title, and doubles when one of its words
 * is a word of the program's category and description or of the blog's niche. A shorter
 * phrase inside a longer one that is nearly as frequent gives way to it, and a phrase sharing
 * two words with a keyword the blog links or one offered before it is left out. Without such
 * a phrase, the niche's words are offered.
 */
export function suggestKeywords(context: KeywordContext, count = 5): string[] {
  const { stopwords } = context;
  const candidates = new Map<string, Candidate>();
  context.posts.forEach((post, index) => {
    const segments = [
      { text: post.title, title: true },
      ...htmlToText(post.content)
        .split(/\n+/)
        .map((text) => ({ text, title: false })),
    ];
    for (const segment of segments) {
      // A phrase never spans a sentence or a clause.
      for (const clause of segment.text.split(/[.!?;:,()[\]{}"“”«»…–—|/]+/)) {
        const tokens = tokensOf(clause);
        for (let start = 0; start < tokens.length; start++) {
          for (let n = 1; n <= longestPhrase && start + n <= tokens.length; n++) {
            const span = tokens.slice(start, start + n);
            const words = span.map((t) => t.word);
            if (!usablePhrase(words, stopwords)) continue;
            const key = words.join(" ");
            const spelling = clause
              .slice(span[0]?.start, span[n - 1]?.end)
              .replace(/\s+/g, " ")
              .toLowerCase();
            const found = candidates.get(key) ?? {
              words,
              spellings: new Map(),
              count: 0,
              posts: new Set(),
              inTitle: false,
            };
            found.count++;
            found.posts.add(index);
            found.inTitle ||= segment.title;
            found.spellings.set(spelling, (found.spellings.get(spelling) ?? 0) + 1);
            candidates.set(key, found);
          }
        }
      }
    }
  });

  const related = [
    ...tokensOf(
      `${context.program.category} ${context.program.description} ${context.niche ?? ""}`,
    ),
  ]
    .map((t) => t.word)
    .filter((w) => isContentWord(w, stopwords));
  const isRelated = (words: readonly string[]) =>
    words.some((w) => related.some((r) => sameWord(w, r)));
  const taken = new Set(context.taken.map((k) => foldCase(k.trim()).replace(/\s+/g, " ")));

  const scored = [...candidates.values()]
    .filter((c) => c.count >= 2)
    .map((c) => ({
      candidate: c,
      score:
        c.count *
        (lengthWeight[c.words.length] ?? 1) *
        (1 + 0.25 * (c.posts.size - 1)) *
        (c.inTitle ? 1.25 : 1) *
        (isRelated(c.words) ? 2 : 1),
    }));
  // A phrase inside a longer, nearly as frequent one says less than it ("running shoes" in
  // "trail running shoes").
  const kept = scored.filter(
    ({ candidate: short }) =>
      !scored.some(
        ({ candidate: long }) =>
          long.words.length > short.words.length &&
          long.count >= 0.6 * short.count &&
          contains(long.words, short.words),
      ),
  );
  kept.sort(
    (a, b) =>
      b.score - a.score ||
      b.candidate.words.length - a.candidate.words.length ||
      spellingOf(a.candidate).localeCompare(spellingOf(b.candidate)),
  );

  const suggestions: string[] = [];
  // Words of what is linked or offered already: a phrase sharing two of them is the same
  // thing again ("running shoes last" after "trail running shoes"), and would overlap its link.
  const used = [...taken].map((k) => tokensOf(k).map((t) => t.word));
  const overlapsUsed = (words: readonly string[]) =>
    used.some(
      (u) => words.filter((w) => u.some((x) => sameWord(w, x))).length >= Math.min(2, words.length),
    );
  const offer = (keyword: string, words: readonly string[]) => {
    const folded = foldCase(keyword);
    if (
      keyword.length === 0 ||
      keyword.length > limits.affiliateKeyword ||
      taken.has(folded) ||
      overlapsUsed(words)
    )
      return;
    suggestions.push(keyword);
    used.push([...words]);
  };
  for (const { candidate } of kept) {
    if (suggestions.length >= count) break;
    offer(spellingOf(candidate), candidate.words);
  }
  if (suggestions.length === 0 && context.niche) {
    const phrase = nichePhrase(context.niche, stopwords);
    offer(
      phrase,
      tokensOf(phrase).map((t) => t.word),
    );
  }
  return suggestions;
}

/** Starts and ends with a word that means something; single words need four letters. */
function usablePhrase(words: readonly string[], stopwords: ReadonlySet<string>): boolean {
  const firstWord = words[0];
  const lastWord = words[words.length - 1];
  if (!firstWord || !lastWord) return false;
  if (!isContentWord(firstWord, stopwords) || !isContentWord(lastWord, stopwords)) return false;
  if (words.length === 1 && Array.from(firstWord).length < 4) return false;
  return words.every((w) => !/^\p{N}+$/u.test(w));
}

const contains = (long: readonly string[], short: readonly string[]) => {
  for (let i = 0; i + short.length <= long.length; i++) {
    if (short.every((w, j) => long[i + j] === w)) return true;
  }
  return false;
};

const spellingOf = (candidate: Candidate) =>
  [...candidate.spellings].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ??
  candidate.words.join(" ");

/** The niche's first few meaningful words ("Trail running gear and training" → "trail running gear"). */
function nichePhrase(niche: string, stopwords: ReadonlySet<string>): string {
  const words: string[] = [];
  for (const token of tokensOf(niche)) {
    if (!isContentWord(token.word, stopwords)) {
      if (words.length > 0) break;
      continue;
    }
    words.push(niche.slice(token.start, token.end).toLowerCase());
    if (words.length === longestPhrase) break;
  }
  return words.join(" ");
}
