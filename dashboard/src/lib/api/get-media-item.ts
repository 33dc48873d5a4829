import type { MediaItem } from "@contracts/media.ts";
import useSWR from "swr";
import { createFetcher } from "../api-client.ts";
import { mediaKey } from "./get-media.ts";

/** `GET /api/blogs/{blogId}/media/{id}`: one image (the editor's feature image). */
export const mediaItemKey = (blogId: string, id: string) =>
  `${mediaKey(blogId)}/${encodeURIComponent(id)}`;

export const getMediaItem = createFetcher<MediaItem>() as (key: string) => Promise<MediaItem>;

export function useMediaItem(blogId: string, id: string | null | undefined) {
  return useSWR<MediaItem>(id ? mediaItemKey(blogId, id) : null, getMediaItem);
}
