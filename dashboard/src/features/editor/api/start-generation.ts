import type { Generation, GenerationInput } from "@contracts/generation.ts";
import { apiRequest } from "../../../lib/api-client.ts";

/**
 * `POST /api/ai/generations`: starts the AI writer (issue 31) and answers at once with the
 * generation, whose progress the generate dialog follows with `getGeneration`.
 */
export function startGeneration(input: GenerationInput): Promise<Generation> {
  return apiRequest<Generation>("POST", "/api/ai/generations", input);
}
