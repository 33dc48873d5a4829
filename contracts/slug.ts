import { slugify as transliterated } from "transliteration";

/**
 * Spec section 5: lower case, runs of non-alphanumeric characters become one hyphen, leading
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
