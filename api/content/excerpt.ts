import sanitizeHtml from "sanitize-html";
import { droppedWithContent } from "../../contracts/html-allowlist.ts";
import { limits } from "../../contracts/limits.ts";

/** Tags after which a reader sees a break; a space keeps 'a</p><p>b' from reading 'ab'. */
const blockBoundary =
  /<\/?(?:p|div|br|hr|h[1-6]|li|ul|ol|blockquote|pre|table|thead|tbody|tfoot|tr|td|th|figure|figcaption|section|article|header|footer|aside|nav|main)\b[^>]*>/gi;

/** Every text a reader could see: what the sanitizer drops with its content is left out. */
const textOnly: sanitizeHtml.IOptions = {
  allowedTags: [],
  allowedAttributes: {},
  nonTextTags: [...droppedWithContent],
};

/**
 * The text an excerpt is made of (decision 353): the prose, without headings (a heading run
 * into the paragraph under it reads "Why I signed up Running fifty…"), captions and code
 * blocks, which say little out of their place.
 */
const proseOnly: sanitizeHtml.IOptions = {
  ...textOnly,
  nonTextTags: [...droppedWithContent, "h1", "h2", "h3", "h4", "h5", "h6", "figcaption", "pre"],
};

/** sanitize-html escapes these in text; the excerpt is plain text, so they are turned back. */
const decodeEscapes = (text: string) =>
  text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");

const ellipsis = "…";
const words = new Intl.Segmenter("en", { granularity: "word" });
/** Punctuation a cut should not leave before the ellipsis ('walk, …' reads 'walk…'). */
const danglingPunctuation = /[\s,;:\-–—([{"'“‘«、，；：]+$/u;

/**
 * Text of at most `length` characters: whole when it fits, otherwise cut at the last word
 * boundary that leaves room for an ellipsis. Word boundaries come from `Intl.Segmenter`, so
 * Japanese or Chinese text (no spaces) is cut between words too; one word longer than the
 * room is cut between characters (never inside one).
 */
export function truncateAtWord(text: string, length: number): string {
  const chars = Array.from(text);
  if (chars.length <= length) return text;
  const room = chars.slice(0, length - 1).join("");
  let cut = 0;
  for (const segment of words.segment(chars.slice(0, length).join(""))) {
    const end = segment.index + segment.segment.length;
    // A boundary inside the room: the end of a segment that fits (the next starts a word).
    if (end <= room.length) cut = end;
  }
  const kept = (cut > 0 ? room.slice(0, cut) : room).replace(danglingPunctuation, "");
  return `${kept || room}${ellipsis}`;
}

/**
 * A blank excerpt is the content with tags stripped, at most 200 characters;
 * a longer text ends at a word boundary with an ellipsis (issue 16). Blocks are apart by a
 * space, and headings, captions and code blocks are left out unless the content is nothing
 * else (decision 353). Entities are decoded (the excerpt is plain text; whoever shows it
 * escapes it) and whitespace runs become one space.
 */
export function excerptFromContent(content: string, length: number = limits.savedExcerpt): string {
  return truncateAtWord(plainText(content, proseOnly) || plainText(content), length);
}

function plainText(content: string, options: sanitizeHtml.IOptions = textOnly): string {
  return decodeEscapes(sanitizeHtml(content.replace(blockBoundary, " $&"), options))
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * Whether a stored excerpt was derived from this content, not written: today's form, the form
 * before decision 353 (headings and captions included), or the first 200 characters of that
 * cut anywhere, as excerpts were derived before issue 16.
 */
export function isDerivedExcerpt(excerpt: string, content: string): boolean {
  if (excerpt === excerptFromContent(content)) return true;
  const everything = plainText(content);
  if (excerpt === truncateAtWord(everything, limits.savedExcerpt)) return true;
  const legacy = Array.from(everything).slice(0, limits.savedExcerpt).join("").trimEnd();
  return excerpt === legacy;
}
