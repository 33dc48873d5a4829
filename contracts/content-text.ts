/**
 * Reading a post's HTML as text, the same way in the dashboard (content checks) and the API
 * (originality, the offline meta optimizer). A small scanner, not a DOM: it runs in the
 * browser and in Node alike, and post HTML is only ever the editor's simple markup.
 */

export type TextBlockKind = "paragraph" | "heading" | "list-item" | "other";
/** A run of text a reader sees as one unit: a paragraph, a heading (with level), a list item. */
export type TextBlock = { kind: TextBlockKind; level?: number; text: string };

/** The heading elements, h1 to h6. */
export const headingTags = ["h1", "h2", "h3", "h4", "h5", "h6"] as const;

/** Elements that start and end a block of text. */
const blockTags = new Set([
  "p",
  "div",
  ...headingTags,
  "li",
  "ul",
  "ol",
  "blockquote",
  "pre",
  "table",
  "thead",
  "tbody",
  "tfoot",
  "tr",
  "td",
  "th",
  "caption",
  "figure",
  "figcaption",
  "section",
  "article",
  "header",
  "footer",
  "aside",
  "nav",
  "main",
  "hr",
  "dl",
  "dt",
  "dd",
]);
/** Elements whose content is never read as text. */
const hiddenTags = new Set([
  "script",
  "style",
  "noscript",
  "template",
  "textarea",
  "title",
  "svg",
  "math",
]);

const namedEntities: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  mdash: "—",
  ndash: "–",
  hellip: "…",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
  copy: "©",
  reg: "®",
  trade: "™",
};

/** Decodes numeric and the common named character references; unknown ones stay as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, ref: string) => {
    if (ref[0] === "#") {
      const code =
        ref[1] === "x" || ref[1] === "X" ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff
        ? String.fromCodePoint(code)
        : match;
    }
    return namedEntities[ref.toLowerCase()] ?? match;
  });
}

const squash = (text: string) => text.replace(/\s+/g, " ").trim();

/**
 * The blocks of text in post HTML, in order. Text typed without any block element (plain
 * text in the editor) is split into paragraphs at blank lines, as a reader would see it.
 */
export function textBlocks(html: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  let buffer = "";
  let kind: TextBlockKind = "paragraph";
  let level: number | undefined;
  let depth = 0;
  let hiddenUntil: string | null = null;

  const flush = () => {
    const text = squash(decodeEntities(buffer));
    buffer = "";
    if (!text) return;
    blocks.push(level === undefined ? { kind, text } : { kind, level, text });
  };

  const source = html.replace(/<!--[\s\S]*?(?:-->|$)/g, " ");
  // A tag never contains '<' (not even in a quoted value): an unclosed tag then fails at the
  // next '<' instead of scanning to the end, which keeps the scan linear on any input.
  const token = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)\b(?:[^<>"']|"[^"<]*"|'[^'<]*')*>|<|[^<]+/g;
  for (let match = token.exec(source); match; match = token.exec(source)) {
    const [whole, closing, rawName] = match;
    if (!rawName) {
      if (hiddenUntil) continue;
      if (depth === 0) {
        // Plain text at the top: blank lines separate paragraphs.
        const parts = whole.split(/\n[ \t]*\n/);
        parts.forEach((part, i) => {
          if (i > 0) flush();
          buffer += part;
        });
      } else {
        buffer += whole;
      }
      continue;
    }
    const name = rawName.toLowerCase();
    if (hiddenUntil) {
      if (closing && name === hiddenUntil) hiddenUntil = null;
      continue;
    }
    if (hiddenTags.has(name)) {
      if (!closing && !whole.endsWith("/>")) hiddenUntil = name;
      continue;
    }
    if (name === "br") {
      buffer += " ";
      continue;
    }
    if (!blockTags.has(name)) {
      // Inline elements (links, emphasis, images) join their text to the block around them.
      continue;
    }
    flush();
    if (closing) {
      depth = Math.max(0, depth - 1);
      kind = "paragraph";
      level = undefined;
      continue;
    }
    if (name !== "hr") depth++;
    if (/^h[1-6]$/.test(name)) {
      kind = "heading";
      level = Number(name[1]);
    } else if (name === "li" || name === "dt" || name === "dd") {
      kind = "list-item";
      level = undefined;
    } else if (name === "p") {
      kind = "paragraph";
      level = undefined;
    } else if (name === "ul" || name === "ol" || name === "table" || name === "tr") {
      kind = "other";
      level = undefined;
    } else {
      kind = "paragraph";
      level = undefined;
    }
  }
  flush();
  return blocks;
}

/** All the text of post HTML, blocks separated by a blank line. */
export function htmlToText(html: string): string {
  return textBlocks(html)
    .map((block) => block.text)
    .join("\n\n");
}

/** The paragraphs of post HTML (not headings or list items). */
export function paragraphsOf(html: string): string[] {
  return textBlocks(html)
    .filter((block) => block.kind === "paragraph")
    .map((block) => block.text);
}

/** The first paragraph's text, or "" when the post has none. */
export function firstParagraph(html: string): string {
  return paragraphsOf(html)[0] ?? "";
}

/** Lower case, accents removed: how text and keywords are compared. */
export const foldCase = (text: string) =>
  text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();

/** The words of a text, folded (letters and digits; apostrophes inside a word kept). */
export function wordsOf(text: string): string[] {
  return foldCase(text).match(/[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu) ?? [];
}

/** Text as a literal inside a regular expression. */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A phrase as a pattern of whole words ("word" = letters, digits, underscore in any script),
 * any run of white space between its words, ignoring case: how a linked phrase (an affiliate
 * keyword, an internal link's anchor text) is found in the text of one element.
 */
export function wholePhrasePattern(phrase: string, flags = "iu"): RegExp {
  const words = phrase.trim().split(/\s+/).map(escapeRegExp).join("\\s+");
  return new RegExp(`(?<![\\p{L}\\p{N}_])${words}(?![\\p{L}\\p{N}_])`, flags);
}

/** Whether `phrase` occurs in `text` as whole words, ignoring case, accents and punctuation. */
export function containsPhrase(text: string, phrase: string): boolean {
  const needle = wordsOf(phrase);
  if (needle.length === 0) return false;
  const haystack = wordsOf(text);
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) {
      if (haystack[i + j] !== needle[j]) continue outer;
    }
    return true;
  }
  return false;
}

/**
 * Cuts text to at most `max` characters at a word boundary, dropping punctuation left
 * dangling at the end; with `ellipsis`, a cut text ends in '…' (counted in `max`).
 */
export function clipAtWord(text: string, max: number, ellipsis = false): string {
  const clean = squash(text);
  if (clean.length <= max) return clean;
  const room = ellipsis ? max - 1 : max;
  let cut = clean.slice(0, room);
  // A cut through a surrogate pair would leave half a character.
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  const nextIsSpace = clean[cut.length] === " ";
  if (!nextIsSpace) {
    const space = cut.lastIndexOf(" ");
    // One long word: cut inside it rather than answer nothing.
    if (space > 0) cut = cut.slice(0, space);
  }
  // A cut text should not end on a dangling joining word ('… goes on and').
  let previous: string;
  do {
    previous = cut;
    cut = cut.replace(/[\s,;:–—|/\\-]+$/u, "");
    const trimmed = cut.replace(/\s+(?:a|an|and|at|but|by|for|from|in|of|on|or|the|to|with)$/i, "");
    if (trimmed) cut = trimmed;
  } while (cut !== previous);
  return ellipsis ? `${cut}…` : cut;
}
