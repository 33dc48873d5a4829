import type { MediaItem } from "@contracts/media.ts";
import { useId, useState } from "react";
import { useMedia } from "../lib/api/get-media.ts";
import { cn } from "../lib/cn.ts";
import { MediaUploadZone } from "./media-upload-zone.tsx";
import { Button, focusRing } from "./ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "./ui/dialog.tsx";
import { Input } from "./ui/input.tsx";
import { Label } from "./ui/label.tsx";

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
  const id = useId();
  const [q, setQ] = useState("");
  const { data: items = [], isLoading } = useMedia(open ? blogId : null, q);

  function pick(item: MediaItem) {
    onPick(item);
    onOpenChange(false);
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            Upload a new image or choose one from this blog's media library.
          </DialogDescription>
        </DialogHeader>
        <MediaUploadZone
          blogId={blogId}
          onUploaded={(uploaded) => {
            const first = uploaded[0];
            if (uploaded.length === 1 && first) pick(first);
          }}
        />
        <div className="space-y-2">
          <Label htmlFor={`${id}-search`}>Search the library</Label>
          <Input
            id={`${id}-search`}
            type="search"
            value={q}
            placeholder="File name or alt text"
            onChange={(event) => setQ(event.target.value)}
          />
        </div>
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
                  <img
                    src={item.thumbnail}
                    alt={item.alt}
                    width={item.width}
                    height={item.height}
                    loading="lazy"
                    className="aspect-video w-full bg-muted object-cover"
                  />
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
      </DialogContent>
    </Dialog>
  );
}
