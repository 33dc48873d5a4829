import { decodeEntities, foldCase } from "../../../contracts/content-text.ts";
import { originality } from "../../../contracts/originality.ts";

/*
 * Word shingles of post HTML, as numbers (docs/decisions/033 and 077). Pure and free of the
 * database, so a worker thread can run it (api/workers/cpu-worker.ts).
 */

/** Markup and the text of elements readers never see. */
const markup =
  /<(script|style|template|noscript)\b[\s\S]*?<\/\1\s*>|<!--[\s\S]*?(?:-->|$)|<[^>]*>/gi;

/** Folded (lower-case, accent-free) form of a non-ASCII letter or digit, "" for anything else. */
const foldedChars = new Map<number, string>();
function foldChar(code: number): string {
  let folded = foldedChars.get(code);
  if (folded === undefined) {
    const char = String.fromCharCode(code);
    folded = /[\p{L}\p{N}]/u.test(char) ? foldCase(char) : "";
    foldedChars.set(code, folded);
  }
  return folded;
}

/**
 * Two independent 32-bit hashes (FNV-1a, two seeds) of each word of post HTML: words as
 * `wordsOf` reads them (letters and digits, case and accents folded; an apostrophe inside a
 * word is left out), computed in one pass without making a string per word.
 */
function wordHashes(html: string): { a: Uint32Array; b: Uint32Array; count: number } {
  const text = decodeEntities(html.replace(markup, " "));
  const a = new Uint32Array(Math.ceil(text.length / 2) + 1);
  const b = new Uint32Array(a.length);
  let count = 0;
  let ha = 0x811c9dc5;
  let hb = 0x3243f6a8;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    let code = text.charCodeAt(i);
    if (code >= 65 && code <= 90) code += 32;
    if ((code >= 97 && code <= 122) || (code >= 48 && code <= 57)) {
      ha = Math.imul(ha ^ code, 16777619);
      hb = Math.imul(hb ^ code, 0x5bd1e995);
      hb ^= hb >>> 13;
      inWord = true;
      continue;
    }
    if (code >= 128) {
      const folded = foldChar(code);
      if (folded) {
        for (let j = 0; j < folded.length; j++) {
          const c = folded.charCodeAt(j);
          ha = Math.imul(ha ^ c, 16777619);
          hb = Math.imul(hb ^ c, 0x5bd1e995);
          hb ^= hb >>> 13;
        }
        inWord = true;
        continue;
      }
    }
    // An apostrophe between letters belongs to the word ("don't").
    if (inWord && (code === 39 || code === 0x2019) && /[\p{L}\p{N}]/u.test(text[i + 1] ?? "")) {
      continue;
    }
    if (inWord) {
      a[count] = ha >>> 0;
      b[count] = hb >>> 0;
      count++;
      ha = 0x811c9dc5;
      hb = 0x3243f6a8;
      inWord = false;
    }
  }
  if (inWord) {
    a[count] = ha >>> 0;
    b[count] = hb >>> 0;
    count++;
  }
  return { a, b, count };
}

/**
 * Every word shingle of post HTML as a number: the two hashes of its five words combined,
 * 53 bits kept, so collisions are negligible and Sets of numbers stand in for Sets of
 * strings (several times faster over thousands of posts).
 */
function shingleList(html: string): Float64Array {
  const { a, b, count } = wordHashes(html);
  const k = originality.shingleWords;
  const list = new Float64Array(Math.max(0, count - k + 1));
  for (let i = 0; i < list.length; i++) {
    let ha = 0x811c9dc5;
    let hb = 0x9e3779b9;
    for (let j = i; j < i + k; j++) {
      ha = Math.imul(ha ^ (a[j] as number), 16777619);
      hb = Math.imul(hb ^ (b[j] as number), 0x5bd1e995);
      hb ^= hb >>> 15;
    }
    list[i] = (ha >>> 0) * 0x200000 + ((hb >>> 0) & 0x1fffff);
  }
  return list;
}

/** The distinct word shingles of post HTML. */
export function shinglesOf(html: string): Set<number> {
  return new Set(shingleList(html));
}

/**
 * How much two texts share: the shingles they have in common over the shorter text's count
 * (the overlap coefficient). A draft that copies an older post, or contains all of it, scores
 * high either way; 0 when either text is too short to judge.
 */
export function similarity(a: Set<number>, b: Set<number>): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  if (small.size < originality.minShingles) return 0;
  let shared = 0;
  for (const shingle of small) if (large.has(shingle)) shared++;
  return shared / small.size;
}

/**
 * `similarity` of the draft and another post's HTML, reading the other post in one pass:
 * its distinct shingles are only collected when it shares any with the draft (most posts
 * share none). Null when the other post is too short to judge.
 */
export function similarityTo(draft: Set<number>, html: string): number | null {
  const list = shingleList(html);
  if (list.length < originality.minShingles) return null;
  let shares = false;
  for (let i = 0; i < list.length && !shares; i++) shares = draft.has(list[i] as number);
  if (!shares) return 0;
  const other = new Set(list);
  return other.size < originality.minShingles ? null : similarity(draft, other);
}

/**
 * A post's stored fingerprint: its distinct shingles, sorted, so two fingerprints are compared
 * by one merge instead of re-reading either text.
 */
export function fingerprintOf(html: string): Float64Array {
  return new Float64Array(shinglesOf(html)).sort();
}

/**
 * `similarity` of two fingerprints (sorted, distinct): shared shingles over the smaller count,
 * 0 when either is too short to judge. Null when `other` is too short to judge.
 */
export function fingerprintSimilarity(draft: Float64Array, other: Float64Array): number | null {
  if (other.length < originality.minShingles) return null;
  if (draft.length < originality.minShingles) return 0;
  let shared = 0;
  let i = 0;
  let j = 0;
  while (i < draft.length && j < other.length) {
    const a = draft[i] as number;
    const b = other[j] as number;
    if (a === b) {
      shared++;
      i++;
      j++;
    } else if (a < b) i++;
    else j++;
  }
  return shared / Math.min(draft.length, other.length);
}
