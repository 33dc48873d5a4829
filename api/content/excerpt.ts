import sanitizeHtml from "sanitize-html";
import { limits } from "../../contracts/limits.ts";

/** Tags after which a reader sees a break; a space keeps 'a</p><p>b' from reading 'ab'. */
const blockBoundary =
  /<\/?(?:p|div|br|hr|h[1-6]|li|ul|ol|blockquote|pre|table|thead|tbody|tfoot|tr|td|th|figure|figcaption|section|article|header|footer|aside|nav|main)\b[^>]*>/gi;

const textOnly: sanitizeHtml.IOptions = {
  allowedTags: [],
  allowedAttributes: {},
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "template", "title"],
};

/** sanitize-html escapes these in text; the excerpt is plain text, so they are turned back. */
const decodeEscapes = (text: string) =>
  text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");

/**
 * Spec section 5: a blank excerpt is the content with tags stripped, first 200 characters.
 * Entities are decoded (the excerpt is plain text; whoever shows it escapes it), whitespace
 * runs become one space, and the cut never splits a character.
 */
export function excerptFromContent(content: string, length: number = limits.savedExcerpt): string {
  const text = decodeEscapes(sanitizeHtml(content.replace(blockBoundary, " $&"), textOnly))
    .replace(/\s+/g, " ")
    .trim();
  return Array.from(text).slice(0, length).join("").trimEnd();
}
