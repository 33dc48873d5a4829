import { apiRequest } from "../api-client.ts";
import { mediaItemKey } from "./get-media-item.ts";

/** `DELETE /api/blogs/{blogId}/media/{id}`: only an unused image (409 says where it is used). */
export function deleteMedia(blogId: string, id: string): Promise<void> {
  return apiRequest<void>("DELETE", mediaItemKey(blogId, id));
}
