import type { AltSuggestion } from "@contracts/media.ts";
import { apiRequest } from "../api-client.ts";
import { mediaItemKey } from "./get-media-item.ts";

/** `POST /api/blogs/{blogId}/media/{id}/alt-suggestion`: AI with a vision model, else offline. */
export function suggestAltText(blogId: string, id: string, context = ""): Promise<AltSuggestion> {
  return apiRequest<AltSuggestion>("POST", `${mediaItemKey(blogId, id)}/alt-suggestion`, {
    context,
  });
}
