import type { GeneratedPost, generatePostInput } from "../../../../../contracts/ai.ts";
import type { z } from "../../../../../contracts/zod.ts";
import { apiRequest } from "../../../lib/api-client.ts";

/** `POST /api/ai/generate-post` (spec section 7); the endpoint comes with the AI issue. */
export function generatePost(input: z.input<typeof generatePostInput>): Promise<GeneratedPost> {
  return apiRequest<GeneratedPost>("POST", "/api/ai/generate-post", input);
}
