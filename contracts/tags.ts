import { entityId } from "./ids.ts";
import { limits } from "./limits.ts";
import { slugFromTitle, typedSlug } from "./slug.ts";
import { z } from "./zod.ts";

const nameTooLong = `A tag name may be at most ${limits.tagName} characters`;
const noLetters = "A tag name must contain letters or numbers";

/** The slug a tag's name gives: transliterated where it can be, else in the name's own script. */
export const tagSlugOf = (name: string): string =>
  slugFromTitle(name).slice(0, limits.tagSlug).replace(/-+$/, "");

/** One tag's name as written: trimmed, 1–50 characters, with a letter or digit for its slug. */
export const tagName = z
  .string({ error: (issue) => (issue.input === undefined ? "Name is required" : "Expected text") })
  .trim()
  .min(1, "Name is required")
  .max(limits.tagName, nameTooLong)
  // A blank name is reported once, as missing.
  .refine((name) => name === "" || tagSlugOf(name) !== "", noLetters);

/**
 * A post's tags by name, in the writer's order (issue 33): at most 20, duplicates (ignoring
 * case) dropped, the first spelling kept. A name the blog has no tag of creates one.
 */
export const postTagNames = z
  .array(tagName, { error: "tags must be a list of tag names" })
  .max(limits.tagsPerPost, `A post may have at most ${limits.tagsPerPost} tags`)
  .transform((names) => {
    const seen = new Set<string>();
    return names.filter((name) => {
      const key = name.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  });

/** A slug the owner types: kept in its script, normalized like every slug. */
const slug = z
  .string()
  .trim()
  .max(limits.tagSlug)
  .transform((value) => typedSlug(value))
  .refine((value) => value !== "", "Slug must contain letters or numbers");

/** `POST /api/tags`: the slug follows the name when not given. */
export const createTagInput = z.object({
  blogId: entityId,
  name: tagName,
  slug: slug.optional(),
});
export type CreateTagInput = z.infer<typeof createTagInput>;

/**
 * `PATCH /api/tags/{id}`: a rename keeps the slug, so the tag's address stays where readers
 * and search engines found it; a new slug is only taken when sent.
 */
export const updateTagInput = z.object({
  name: tagName.optional(),
  slug: slug.optional(),
});
export type UpdateTagInput = z.infer<typeof updateTagInput>;

/** A tag of a blog, with the number of its posts (any status). */
export type Tag = {
  id: string;
  blogId: string;
  name: string;
  slug: string;
  postCount: number;
  createdAt: string;
  updatedAt: string;
};
