/**
 * `slugify` (slug.ts) of a text written in printable ASCII only, without the transliteration
 * library: that library maps each of these characters to itself, so its slug is the text with
 * runs of anything but a-z and 0-9 made one hyphen, no hyphen at either end, lower case
 * (slug.test.ts checks every printable character against the library). Loading the library
 * cost the render's main thread 20–110 ms for the author's slug alone (decision 203).
 * `undefined` for any other text: the caller asks `slugify`.
 */
export function asciiSlug(text: string): string | undefined {
  if (!/^[\x20-\x7e]*$/.test(text)) return undefined;
  return text
    .replace(/[^a-zA-Z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .toLowerCase();
}
