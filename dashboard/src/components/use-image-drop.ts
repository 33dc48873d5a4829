import type { MediaItem } from "@contracts/media.ts";
import type { ClipboardEvent, DragEvent } from "react";
import { useState } from "react";
import { useSWRConfig } from "swr";
import { revalidateMedia } from "../lib/api/get-media.ts";
import { uploadMedia } from "../lib/api/upload-media.ts";
import { errorMessage } from "../lib/api-client.ts";
import { toast } from "./ui/use-toast.ts";

const imagesOf = (files: FileList | null | undefined) =>
  [...(files ?? [])].filter((file) => file.type.startsWith("image/"));

/**
 * Drop or paste images onto any field (the editor's text): each goes into the blog's media
 * library and `onUploaded` gets it (the editor inserts it). Other drops and pastes (text) are
 * left to the field.
 */
export function useImageDrop(blogId: string, onUploaded: (item: MediaItem) => void) {
  const { mutate } = useSWRConfig();
  const [uploading, setUploading] = useState(false);

  async function upload(files: File[]) {
    setUploading(true);
    try {
      for (const file of files) {
        const name = file.name || `pasted-image.${file.type.split("/")[1] ?? "png"}`;
        try {
          onUploaded(await uploadMedia(blogId, file, name));
        } catch (err) {
          toast({
            title: "Upload refused",
            description: `${name}: ${errorMessage(err, "The upload failed. Try again.")}`,
            variant: "destructive",
          });
        }
      }
      await revalidateMedia(mutate, blogId);
    } finally {
      setUploading(false);
    }
  }

  return {
    uploading,
    handlers: {
      onDragOver: (event: DragEvent) => {
        if (event.dataTransfer.types.includes("Files")) event.preventDefault();
      },
      onDrop: (event: DragEvent) => {
        const files = imagesOf(event.dataTransfer.files);
        if (files.length === 0) return;
        event.preventDefault();
        void upload(files);
      },
      onPaste: (event: ClipboardEvent) => {
        const files = imagesOf(event.clipboardData.files);
        if (files.length === 0) return;
        event.preventDefault();
        void upload(files);
      },
    },
  };
}
