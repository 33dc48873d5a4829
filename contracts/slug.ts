/**
 * Spec section 5: lower case, runs of non-alphanumeric characters become one hyphen.
 * Leading and trailing hyphens are trimmed so the slug reads well in a URL.
 */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
