import type { MediaItem, UpdateMediaInput } from "@contracts/media.ts";
import { apiRequest } from "../api-client.ts";
import { mediaItemKey } from "./get-media-item.ts";

/** `PATCH /api/blogs/{blogId}/media/{id}`: the image's alt text. */
export function updateMedia(
  blogId: string,
  id: string,
  input: UpdateMediaInput,
): Promise<MediaItem> {
  return apiRequest<MediaItem>("PATCH", mediaItemKey(blogId, id), input);
}
