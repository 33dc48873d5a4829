import type { PostStatus } from "@contracts/limits.ts";
import type { Post } from "@contracts/posts.ts";
import { apiRequest } from "../../../lib/api-client.ts";

/**
 * `PATCH /api/posts/{id}/status`: the server enforces the transitions (020); with `version`,
 * a post changed meanwhile answers 409 instead (decision 095).
 */
export function updatePostStatus(id: string, status: PostStatus, version?: number): Promise<Post> {
  return apiRequest<Post>("PATCH", `/api/posts/${encodeURIComponent(id)}/status`, {
    status,
    ...(version === undefined ? {} : { version }),
  });
}
