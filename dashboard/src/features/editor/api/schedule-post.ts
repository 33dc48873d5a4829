import type { Post } from "@contracts/posts.ts";
import { apiRequest } from "../../../lib/api-client.ts";

/** `PATCH /api/posts/{id}/schedule`: an ISO date-time in the future, or null to clear. */
export function schedulePost(id: string, scheduledPublishAt: string | null): Promise<Post> {
  return apiRequest<Post>("PATCH", `/api/posts/${encodeURIComponent(id)}/schedule`, {
    scheduledPublishAt,
  });
}
