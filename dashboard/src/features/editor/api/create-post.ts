import type { createPostInput, Post } from "@contracts/posts.ts";
import type { z } from "@contracts/zod.ts";
import { apiRequest } from "../../../lib/api-client.ts";

export type CreatePostBody = z.input<typeof createPostInput>;

/** `POST /api/posts`: a new draft; the server takes the author from the session (020). */
export function createPost(input: CreatePostBody): Promise<Post> {
  return apiRequest<Post>("POST", "/api/posts", input);
}
