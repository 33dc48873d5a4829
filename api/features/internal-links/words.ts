import { foldCase } from "../../../contracts/content-text.ts";

/** A word of a text: folded (lower case, no accents) for comparing, with where it stands. */
export type Token = { word: string; start: number; end: number };

const wordPattern = /[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu;

/** The words of `text` in order, folded, with their UTF-16 offsets in `text` as written. */
export function tokensOf(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(wordPattern)) {
    tokens.push({
      word: foldCase(match[0]),
      start: match.index,
      end: match.index + match[0].length,
    });
  }
  return tokens;
}

/**
 * Whether two folded words are forms of one word: the same, or one the other plus an ending of
 * at most three letters on a stem of four or more ("tomato"/"tomatoes", "water"/"watering",
 * "compost"/"composting"). Cruder than a stemmer, but the same for every language written with
 * spaces, and never joins short unrelated words ("car"/"cart").
 */
export function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.length >= 4 && long.length - short.length <= 3 && long.startsWith(short);
}

/**
 * What a word is searched for in the full-text index: its first letters, so the other forms
 * `sameWord` accepts are found too ("watering" → "water", "tomatoes" → "tomat"). Substring
 * matches the index finds inside other words are dropped when the words are compared.
 */
export function searchStem(word: string): string {
  const length = Array.from(word).length;
  return length <= 5
    ? word
    : Array.from(word)
        .slice(0, Math.max(5, length - 3))
        .join("");
}

/** A word that can carry meaning on its own: not a stop word, not only digits, 3+ letters. */
export function isContentWord(word: string, stopwords: ReadonlySet<string>): boolean {
  return Array.from(word).length >= 3 && !/^\p{N}+$/u.test(word) && !stopwords.has(word);
}

type StopwordLists = Map<string, Set<string>>;
let lists: Promise<StopwordLists> | undefined;

/**
 * The `stopword` package's lists (62 languages), folded like the words they are compared with,
 * the shortest first. Loaded at the first suggestion, not at start: most processes never need
 * them.
 */
function stopwordLists(): Promise<StopwordLists> {
  lists ??= import("stopword").then((module) => {
    const byLanguage: StopwordLists = new Map();
    const entries = Object.entries(module).filter(
      (entry): entry is [string, string[]] => Array.isArray(entry[1]) && entry[0] !== "_123",
    );
    for (const [code, words] of entries.sort((a, b) => a[1].length - b[1].length))
      byLanguage.set(code, new Set(words.map((w) => foldCase(w))));
    return byLanguage;
  });
  return lists;
}

/** Fewer words than this do not tell their language ("a bin" is English and German). */
const wordsToTellLanguage = 20;

/**
 * The stop words of the language `words` are written in: the list that holds most of them
 * (blogs have no language setting; a text's most frequent words are its stop words), the
 * shorter list on a tie. Empty when no list holds one word in twenty. A text too short to
 * tell gets the English list, the dashboard's language.
 */
export async function stopwordsOf(words: readonly string[]): Promise<ReadonlySet<string>> {
  const byLanguage = await stopwordLists();
  if (words.length < wordsToTellLanguage) return byLanguage.get("eng") ?? new Set();
  // The first thousand words tell the language as well as all of them.
  const sample = words.slice(0, 1000);
  let best: Set<string> = new Set();
  let bestHits = Math.max(1, Math.floor(sample.length / 20)) - 1;
  for (const list of byLanguage.values()) {
    let hits = 0;
    for (const word of sample) if (list.has(word)) hits++;
    if (hits > bestHits) {
      best = list;
      bestHits = hits;
    }
  }
  return best;
}
