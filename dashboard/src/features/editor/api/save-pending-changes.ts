import type { PendingChanges, SavePendingChangesInput } from "@contracts/posts.ts";
import { apiRequest } from "../../../lib/api-client.ts";

/** `PUT /api/posts/{id}/pending-changes`: keeps a live post's edits apart until 'Update'. */
export async function savePendingChanges(
  id: string,
  input: SavePendingChangesInput,
): Promise<PendingChanges> {
  const answer = await apiRequest<{ pendingChanges: PendingChanges }>(
    "PUT",
    `/api/posts/${encodeURIComponent(id)}/pending-changes`,
    input,
  );
  return answer.pendingChanges;
}
