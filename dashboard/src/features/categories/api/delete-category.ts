import { apiRequest } from "../../../lib/api-client.ts";

/** `DELETE /api/categories/{id}`: children move up a level, posts become uncategorized (022). */
export function deleteCategory(id: string): Promise<void> {
  return apiRequest<void>("DELETE", `/api/categories/${encodeURIComponent(id)}`);
}
