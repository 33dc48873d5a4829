import type { Category, createCategoryInput } from "@contracts/categories.ts";
import type { z } from "@contracts/zod.ts";
import { apiRequest } from "../api-client.ts";

/**
 * `POST /api/categories`: name, slug, parentId (null for the top level), blogId. Used by the
 * Categories screen and the editor's category selector.
 */
export function createCategory(input: z.input<typeof createCategoryInput>): Promise<Category> {
  return apiRequest<Category>("POST", "/api/categories", input);
}
