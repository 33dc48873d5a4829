import { apiRequest } from "../../../lib/api-client.ts";

/** `DELETE /api/posts/{id}/pending-changes`: the live page stays as it is. */
export function discardPendingChanges(id: string): Promise<void> {
  return apiRequest<void>("DELETE", `/api/posts/${encodeURIComponent(id)}/pending-changes`);
}
