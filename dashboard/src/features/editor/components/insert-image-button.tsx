import type { MediaItem } from "@contracts/media.ts";
import { ImagePlusIcon } from "lucide-react";
import { useState } from "react";
import { MediaPickerDialog } from "../../../components/media-picker-dialog.tsx";
import { Button } from "../../../components/ui/button.tsx";

const attribute = (value: string) =>
  value.replace(
    /[&"<>]/g,
    (c) => ({ "&": "&amp;", '"': "&quot;", "<": "&lt;", ">": "&gt;" })[c] as string,
  );

/**
 * The HTML of a library image in a post: its fallback's site-absolute address (`/media/…`),
 * which the blog renders as a responsive `<picture>`, with its alt text and size.
 */
export function contentImageHtml(item: MediaItem): string {
  return `<img src="${attribute(item.src)}" alt="${attribute(item.alt)}" width="${item.width}" height="${item.height}">`;
}

/**
 * 'Insert image': picks (or uploads, dropped or pasted into the picker) an image of the blog's
 * library and hands its HTML to `onInsert` (the editor adds it to the text; a rich editor's
 * `onPickImage` can open the same picker).
 */
export function InsertImageButton({
  blogId,
  onInsert,
  disabled,
}: {
  blogId: string;
  onInsert: (html: string, item: MediaItem) => void;
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={disabled}
        onClick={() => setOpen(true)}
      >
        <ImagePlusIcon aria-hidden="true" />
        Insert image
      </Button>
      <MediaPickerDialog
        open={open}
        onOpenChange={setOpen}
        blogId={blogId}
        title="Insert image"
        onPick={(item) => onInsert(contentImageHtml(item), item)}
      />
    </>
  );
}
