import { apiRequest } from "../../../lib/api-client.ts";

/** `DELETE /api/tags/{id}`: the tag leaves its posts; the posts stay. */
export function deleteTag(id: string): Promise<void> {
  return apiRequest<void>("DELETE", `/api/tags/${encodeURIComponent(id)}`);
}
