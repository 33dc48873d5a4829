import type { Generation } from "@contracts/generation.ts";
import { apiRequest } from "../../../lib/api-client.ts";
import { generationKey } from "./get-generation.ts";

/** `POST /api/ai/generations/{id}/cancel`: the writer stops at its next check. */
export function cancelGeneration(id: string): Promise<Generation> {
  return apiRequest<Generation>("POST", `${generationKey(id)}/cancel`);
}
