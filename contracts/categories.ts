import { entityId } from "./ids.ts";
import { limits } from "./limits.ts";
import { slugify } from "./slug.ts";
import { z } from "./zod.ts";

const requiredText = (message: string, max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? message : undefined) })
    .trim()
    .min(1, message)
    .max(max);

const name = requiredText("Name is required", limits.categoryName);

/** Written by the owner, normalized like every slug (section 5), so 'My Tips' becomes 'my-tips'. */
const slug = requiredText("Slug is required", limits.categorySlug)
  .transform((value) => slugify(value).slice(0, limits.categorySlug).replace(/-+$/, ""))
  .refine((value) => value !== "", "Slug must contain letters or numbers");

/** A parent category id, or null / "" for a top-level category. */
const parentId = z
  .string()
  .trim()
  .max(64)
  .nullable()
  .transform((value) => (value ? value : null));

export const createCategoryInput = z.object({
  blogId: entityId,
  name,
  slug,
  parentId: parentId.optional(),
});
export type CreateCategoryInput = z.infer<typeof createCategoryInput>;

/**
 * `PATCH /api/categories/{id}`: the dialog renames (name only). `parentId` moves a
 * node in the tree; the slug never changes, so category URLs stay stable.
 */
export const updateCategoryInput = z.object({
  name: name.optional(),
  parentId: parentId.optional(),
});
export type UpdateCategoryInput = z.infer<typeof updateCategoryInput>;

/** A category, with the number of posts (any status) filed directly under it. */
export type Category = {
  id: string;
  blogId: string;
  name: string;
  slug: string;
  parentId: string | null;
  postCount: number;
  createdAt: string;
  updatedAt: string;
};
