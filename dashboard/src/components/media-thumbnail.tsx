import type { MediaItem } from "@contracts/media.ts";
import { cn } from "../lib/cn.ts";

/**
 * An image of the media library as a 16:9 thumbnail, its size given so nothing jumps as it
 * loads; `fit` crops it (a grid to pick from) or shows it whole (the library's cards).
 */
export function MediaThumbnail({ item, fit }: { item: MediaItem; fit: "cover" | "contain" }) {
  return (
    <img
      src={item.thumbnail}
      alt={item.alt}
      width={item.width}
      height={item.height}
      loading="lazy"
      className={cn(
        "aspect-video w-full bg-muted",
        fit === "cover" ? "object-cover" : "object-contain",
      )}
    />
  );
}
