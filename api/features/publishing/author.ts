import { asciiSlug } from "../../../contracts/ascii-slug.ts";
import { slugify } from "../../../contracts/slug.ts";
import type { ThemeAuthor } from "../../../site-builder/theme/lib/site.ts";
import { type Owner, type Persona, shownAuthor } from "./shown-author.ts";

/**
 * Who readers see as the author (shown-author.ts: the persona, else the owner's public name,
 * else the blog's name), with the slug of the author page.
 */
export function authorOf(owner: Owner, blogName: string, persona?: Persona): ThemeAuthor {
  const shown = shownAuthor(owner, blogName, persona);
  return { ...shown, slug: (asciiSlug(shown.name) ?? slugify(shown.name)) || "author" };
}
