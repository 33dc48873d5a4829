import { limits } from "./limits.ts";
import { z } from "./zod.ts";

/**
 * How long a post is, counted one way by the editor and the API (docs/decisions/098):
 * characters as people count them (Unicode code points), so 500,000 means the same for
 * English, Japanese or emoji. A body's size in bytes is never the measure a person sees.
 */
export function countCharacters(text: string): number {
  let count = text.length;
  for (let i = 0; i < text.length - 1; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        count--;
        i++;
      }
    }
  }
  return count;
}

/** The limit in words, the same sentence on both sides. */
export const contentLimitMessage = `Content must be at most ${limits.postContent.toLocaleString("en-US")} characters (letters, spaces and markup together, in any script)`;

/** Post content: at most `limits.postContent` characters. */
export const postContentText = z
  .string()
  // Cheap guard first: no text of more UTF-16 units than twice the limit can be within it.
  .max(limits.postContent * 2, contentLimitMessage)
  .refine((text) => countCharacters(text) <= limits.postContent, contentLimitMessage);

/**
 * The most bytes one character can take in a JSON body: `\uXXXX` (a control character or a
 * lone surrogate). Multiplied by the limit, any content within it fits in a request.
 */
export const maxJsonBytesPerCharacter = 6;

/** Room for the other fields of a post (title, excerpt, SEO fields, keywords, slug), escaped. */
const otherFieldsBytes = 128 * 1024;

/** Request body limit of the routes that carry a post's content (derived, never set apart). */
export const postRequestBytes = limits.postContent * maxJsonBytesPerCharacter + otherFieldsBytes;

/** How close a text is to the limit, for the editor's counter. */
export function contentUsage(text: string) {
  const used = countCharacters(text);
  return { used, max: limits.postContent, ratio: used / limits.postContent };
}
