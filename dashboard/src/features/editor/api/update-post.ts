import type { Post, updatePostInput } from "@contracts/posts.ts";
import type { z } from "@contracts/zod.ts";
import { apiRequest } from "../../../lib/api-client.ts";

export type UpdatePostBody = z.input<typeof updatePostInput>;

/** `PATCH /api/posts/{id}`: only the fields sent change. */
export function updatePost(id: string, input: UpdatePostBody): Promise<Post> {
  return apiRequest<Post>("PATCH", `/api/posts/${encodeURIComponent(id)}`, input);
}
