import type { Tag, updateTagInput } from "@contracts/tags.ts";
import type { z } from "@contracts/zod.ts";
import { apiRequest } from "../../../lib/api-client.ts";

/** `PATCH /api/tags/{id}`: a rename keeps the tag's slug, so its public address stays. */
export function updateTag(id: string, input: z.input<typeof updateTagInput>): Promise<Tag> {
  return apiRequest<Tag>("PATCH", `/api/tags/${encodeURIComponent(id)}`, input);
}
