import type { MediaItem } from "@contracts/media.ts";
import { useState } from "react";
import { useMedia } from "../lib/api/get-media.ts";
import { cn } from "../lib/cn.ts";
import { MediaSearchField } from "./media-search-field.tsx";
import { MediaThumbnail } from "./media-thumbnail.tsx";
import { MediaUploadZone } from "./media-upload-zone.tsx";
import { TitledDialog } from "./titled-dialog.tsx";
import { Button, focusRing } from "./ui/button.tsx";

/**
 * Picks an image of the blog's media library, or uploads one (button, drop, paste) and picks
 * it at once. Shared by the editor (feature image, images in the text through the editor's
 * `onPickImage`) and the customization card (logo).
 */
export function MediaPickerDialog({
  open,
  onOpenChange,
  blogId,
  onPick,
  title = "Choose an image",
  onUseAddress,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  blogId: string;
  onPick: (item: MediaItem) => void;
  title?: string;
  /** Offers 'Use an image address' (an image hosted elsewhere) beside the library. */
  onUseAddress?: () => void;
}) {
  const [q, setQ] = useState("");
  const { data: items = [], isLoading } = useMedia(open ? blogId : null, q);

  function pick(item: MediaItem) {
    onPick(item);
    onOpenChange(false);
  }

  return (
    <TitledDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description="Upload a new image or choose one from this blog's media library."
      className="max-w-3xl"
    >
      <MediaUploadZone
        blogId={blogId}
        onUploaded={(uploaded) => {
          const first = uploaded[0];
          if (uploaded.length === 1 && first) pick(first);
        }}
      />
      <MediaSearchField label="Search the library" value={q} onChange={setQ} />
      {isLoading ? (
        <p role="status" className="text-sm text-muted-foreground">
          Loading images...
        </p>
      ) : items.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          {q ? "No image matches your search." : "No images yet: upload the first one above."}
        </p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {items.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                onClick={() => pick(item)}
                className={cn(
                  "w-full overflow-hidden rounded-md border text-left hover:border-primary",
                  focusRing,
                )}
              >
                <MediaThumbnail item={item} fit="cover" />
                <span className="block truncate px-2 py-1 text-xs">{item.fileName}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {onUseAddress && (
        <div className="flex justify-end">
          <Button type="button" variant="outline" onClick={onUseAddress}>
            Use an image address
          </Button>
        </div>
      )}
    </TitledDialog>
  );
}
