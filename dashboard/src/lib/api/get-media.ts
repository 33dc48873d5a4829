import type { MediaItem } from "@contracts/media.ts";
import useSWR, { type ScopedMutator } from "swr";
import { createFetcher } from "../api-client.ts";

/** `GET /api/blogs/{blogId}/media?q=…`: the library, newest first, with where each is used. */
export const mediaKey = (blogId: string, q = "") =>
  `/api/blogs/${encodeURIComponent(blogId)}/media${q.trim() ? `?q=${encodeURIComponent(q.trim())}` : ""}`;

export const getMedia = createFetcher<MediaItem[]>() as (key: string) => Promise<MediaItem[]>;

/** The media library screen and the picker dialog. */
export function useMedia(blogId: string | null | undefined, q = "") {
  return useSWR<MediaItem[]>(blogId ? mediaKey(blogId, q) : null, getMedia, {
    keepPreviousData: true,
  });
}

/** After an upload, an alt-text change or a delete: every cached search of the blog's library. */
export function revalidateMedia(mutate: ScopedMutator, blogId: string): Promise<unknown> {
  const prefix = mediaKey(blogId);
  return mutate(
    (key) =>
      typeof key === "string" &&
      (key === prefix || key.startsWith(`${prefix}?`) || key.startsWith(`${prefix}/`)),
  );
}
