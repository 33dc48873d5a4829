import type { ThemePost } from "./site.ts";

/**
 * Elements a generated excerpt leaves out (decision 353); an excerpt generated before that
 * decision read them too, so the body's start is compared both with and without them.
 */
const skippedByExcerpts = /<(h[1-6]|figcaption|pre)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
/** Enough of a body for an excerpt of 200 characters after headings, captions and code. */
const bodyChars = 50_000;

/** Letters and digits only, lower case: markup, entities, spaces and punctuation aside. */
const letters = (text: string) =>
  text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "");

const textOf = (html: string) =>
  html.replace(/<[^>]*>/g, " ").replace(/&(?:#x?[\da-f]+|[a-z]+);/gi, " ");

/**
 * Whether the letters of `text` start with `key`, reading no more of it than that needs:
 * normalising a whole body is most of what a post page costs otherwise. A cut can change
 * only the last letters before it (a combining mark after the cut composes with them), so
 * the answer is taken once two letters more than the key's are read.
 */
function lettersStartWith(text: string, key: string): boolean {
  for (let size = 2 * key.length + 64; ; size *= 4) {
    const start = letters(text.slice(0, size));
    if (start.length >= key.length + 2 || size >= text.length) return start.startsWith(key);
  }
}

/** Whether `text` only repeats the start of the body (what a generated excerpt is). */
function repeatsStart(text: string, html: string): boolean {
  const key = letters(text);
  if (key === "") return false;
  const body = html.slice(0, bodyChars);
  return (
    lettersStartWith(textOf(body.replace(skippedByExcerpts, " ")), key) ||
    lettersStartWith(textOf(body), key)
  );
}

/**
 * The line under the post's title (decision 353): the excerpt the owner wrote, else the SEO
 * description the owner wrote, else nothing. Every stored excerpt is filled in, from the start
 * of the body when the owner left it blank, so an excerpt (or a description) that is only the
 * start of the body is not the owner's: shown above the body it would say the same twice.
 */
export function ledeOf(post: Pick<ThemePost, "excerpt" | "metaDescription" | "html">): string {
  for (const text of [post.excerpt, post.metaDescription ?? ""]) {
    const lede = text.trim();
    if (lede !== "" && !repeatsStart(lede, post.html)) return lede;
  }
  return "";
}
