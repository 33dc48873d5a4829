import type { OptimizedMeta, optimizeMetaInput } from "@contracts/ai.ts";
import type { z } from "@contracts/zod.ts";
import { apiRequest } from "../../../lib/api-client.ts";

/**
 * `POST /api/ai/optimize-meta`: meta title and description for the post as written, by the
 * configured model or, with `offline: true`, by the built-in optimizer (decision 033).
 */
export function optimizeMeta(input: z.input<typeof optimizeMetaInput>): Promise<OptimizedMeta> {
  return apiRequest<OptimizedMeta>("POST", "/api/ai/optimize-meta", input);
}
