import { asciiSlug } from "../../../contracts/ascii-slug.ts";
import { slugify } from "../../../contracts/slug.ts";
import type { ThemeAuthor } from "../../../site-builder/theme/lib/site.ts";
import type { users } from "../../db/schema.ts";

type Owner = Pick<typeof users.$inferSelect, "publicName" | "publicBio"> | undefined;

/**
 * Who readers see as the author: the public name the owner set in Account Settings, else the
 * blog's name. Never the e-mail nor the provider's name fields: a pseudonymous blog must not
 * name the person behind it (decision 055).
 */
export function authorOf(owner: Owner, blogName: string): ThemeAuthor {
  const name = owner?.publicName?.trim() || blogName;
  return {
    name,
    slug: (asciiSlug(name) ?? slugify(name)) || "author",
    bio: owner?.publicBio?.trim() || null,
  };
}
