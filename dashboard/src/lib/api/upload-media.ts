import type { MediaItem } from "@contracts/media.ts";
import { throwIfNotOk } from "../api-client.ts";
import { mediaKey } from "./get-media.ts";

/**
 * `POST /api/blogs/{blogId}/media?name=…` with the file itself as the body (decision 110).
 * A file already in the library answers the stored image.
 */
export async function uploadMedia(
  blogId: string,
  file: File | Blob,
  name: string,
): Promise<MediaItem> {
  const res = await fetch(`${mediaKey(blogId)}?name=${encodeURIComponent(name)}`, {
    method: "POST",
    headers: { "Content-Type": file.type || "application/octet-stream" },
    body: file,
    credentials: "include",
  });
  await throwIfNotOk(res);
  return (await res.json()) as MediaItem;
}
