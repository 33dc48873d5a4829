import { slugify as transliterated } from "transliteration";

/**
 * Lower case, runs of non-alphanumeric characters become one hyphen, leading
 * and trailing hyphens trimmed. Letters of other scripts are transliterated first by a
 * maintained library (docs/decisions/053): 'Straße' → 'strasse', 'Привет мир' → 'privet-mir',
 * '你好世界' → 'ni-hao-shi-jie', instead of being dropped.
 */
export function slugify(text: string): string {
  return transliterated(text, {
    lowercase: true,
    separator: "-",
    allowedChars: "a-zA-Z0-9",
    trim: true,
  })
    .replace(/-+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * A URL slug in the owner's own script (decision 103): NFC, lower case, runs of anything but
 * letters, combining marks and digits become one hyphen, no hyphen at either end. '東京-ガイド'
 * stays '東京-ガイド'; 'My Slug!' becomes 'my-slug'. Browsers show such paths as written and
 * send them percent-encoded.
 */
export function unicodeSlug(text: string): string {
  return text
    .normalize("NFC")
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * The slug a title gives (decision 103): transliterated to a-z and 0-9 where the library knows
 * the script, otherwise (letters it cannot spell in Latin) a Unicode slug of the title; blank
 * when the title has no letters or digits at all.
 */
export function slugFromTitle(title: string): string {
  return slugify(title) || unicodeSlug(title);
}

/** What the owner typed as a slug, kept in its script; blank when it holds no letter or digit. */
export const typedSlug = unicodeSlug;
