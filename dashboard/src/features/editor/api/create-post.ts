import type { createPostInput, Post } from "@contracts/posts.ts";
import type { z } from "@contracts/zod.ts";
import { apiRequest } from "../../../lib/api-client.ts";

export type CreatePostBody = z.input<typeof createPostInput>;

/**
 * `POST /api/posts`: a new draft. `authorId` is the signed-in owner, as the API lists
 * it; the server checks it against the session and refuses any other (decision 101).
 */
export function createPost(input: CreatePostBody): Promise<Post> {
  return apiRequest<Post>("POST", "/api/posts", input);
}
