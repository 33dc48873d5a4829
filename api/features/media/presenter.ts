import { type MediaItem, type MediaVariant, mediaPath } from "../../../contracts/media.ts";
import type { MediaRow, MediaWithUsage } from "./service.ts";

/** The fallback (JPEG/PNG) of an image: what `<img src>` in post content names. */
export const fallbackOf = (variants: MediaVariant[]) =>
  variants.find((v) => v.format === "jpeg" || v.format === "png") ??
  (variants[variants.length - 1] as MediaVariant);

/** The smallest WebP, for thumbnails. */
export const thumbnailOf = (variants: MediaVariant[]) =>
  variants
    .filter((v) => v.format === "webp")
    .reduce<MediaVariant | undefined>(
      (small, v) => (!small || v.width < small.width ? v : small),
      undefined,
    ) ?? fallbackOf(variants);

export function presentMedia(row: MediaRow | MediaWithUsage): MediaItem {
  return {
    id: row.id,
    blogId: row.blogId,
    fileName: row.fileName,
    alt: row.alt,
    format: row.format,
    width: row.width,
    height: row.height,
    uploadBytes: row.uploadBytes,
    storedBytes: row.storedBytes,
    src: mediaPath(fallbackOf(row.variants).file),
    thumbnail: mediaPath(thumbnailOf(row.variants).file),
    variants: row.variants,
    createdAt: row.createdAt.toISOString(),
    ...("usage" in row ? { usage: row.usage } : {}),
  };
}
