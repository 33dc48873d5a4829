import type { ThemeAuthor } from "../../../site-builder/theme/lib/site.ts";
import type { users } from "../../db/schema.ts";

export type Owner = Pick<typeof users.$inferSelect, "publicName" | "publicBio"> | undefined;

/**
 * The blog's persona as stored (blog_voices, decision 333), with its photo when that is an
 * image of the blog's library. Without a name there is no persona.
 */
export type Persona = Omit<ThemeAuthor, "slug" | "name"> & { name: string | null };

/**
 * Who readers see as the author, without the author page's slug (author.ts adds it): the
 * blog's persona when it has a name (with its bio, credentials, profile pages and photo, never
 * the owner's bio), else the public name the owner set in Account Settings, else the blog's
 * name. Never the e-mail nor the provider's name fields: a pseudonymous blog must not name the
 * person behind it (decision 055). Kept apart from author.ts, which loads the transliteration
 * library (decision 203).
 */
export function shownAuthor(
  owner: Owner,
  blogName: string,
  persona?: Persona,
): Omit<ThemeAuthor, "slug"> {
  const personaName = persona?.name?.trim();
  if (persona && personaName) {
    return {
      name: personaName,
      bio: persona.bio?.trim() || null,
      ...(persona.credentials?.trim() ? { credentials: persona.credentials.trim() } : {}),
      ...(persona.links && persona.links.length > 0 ? { links: persona.links } : {}),
      ...(persona.photo ? { photo: persona.photo } : {}),
    };
  }
  return { name: owner?.publicName?.trim() || blogName, bio: owner?.publicBio?.trim() || null };
}
