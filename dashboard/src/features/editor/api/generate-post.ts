import type { GeneratedPost, generatePostInput } from "@contracts/ai.ts";
import type { z } from "@contracts/zod.ts";
import { throwIfNotOk } from "../../../lib/api-client.ts";

/**
 * `POST /api/ai/generate-post` (spec section 7). `signal` cancels it: the server then ends
 * the model call too (it watches for the request going away).
 */
export async function generatePost(
  input: z.input<typeof generatePostInput>,
  signal?: AbortSignal,
): Promise<GeneratedPost> {
  const res = await fetch("/api/ai/generate-post", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(input),
    credentials: "include",
    signal,
  });
  await throwIfNotOk(res);
  return (await res.json()) as GeneratedPost;
}
