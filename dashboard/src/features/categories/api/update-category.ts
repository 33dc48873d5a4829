import type { Category, updateCategoryInput } from "@contracts/categories.ts";
import type { z } from "@contracts/zod.ts";
import { apiRequest } from "../../../lib/api-client.ts";

/** `PATCH /api/categories/{id}`: the edit dialog renames (name only). */
export function updateCategory(
  id: string,
  input: z.input<typeof updateCategoryInput>,
): Promise<Category> {
  return apiRequest<Category>("PATCH", `/api/categories/${encodeURIComponent(id)}`, input);
}
