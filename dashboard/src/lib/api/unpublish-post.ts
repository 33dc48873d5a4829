import type { Post } from "@contracts/posts.ts";
import { apiRequest } from "../api-client.ts";

/**
 * `PATCH /api/posts/{id}/status` to draft: the post leaves its blog (its page answers 410) and
 * stays as a draft (decision 097). From the editor and the post card's menu; `version` (the
 * editor's) refuses it when the post changed meanwhile.
 */
export function unpublishPost(id: string, version?: number): Promise<Post> {
  return apiRequest<Post>("PATCH", `/api/posts/${encodeURIComponent(id)}/status`, {
    status: "draft",
    ...(version === undefined ? {} : { version }),
  });
}
