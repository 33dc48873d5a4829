import { humanBytes, type MediaItem, mediaLimits } from "@contracts/media.ts";
import { ImageUpIcon, LoaderCircleIcon } from "lucide-react";
import { type ClipboardEvent, type DragEvent, useId, useRef, useState } from "react";
import { useSWRConfig } from "swr";
import { revalidateMedia } from "../lib/api/get-media.ts";
import { uploadMedia } from "../lib/api/upload-media.ts";
import { errorMessage } from "../lib/api-client.ts";
import { cn } from "../lib/cn.ts";
import { Button } from "./ui/button.tsx";
import { toast } from "./ui/use-toast.ts";

/** Images from a paste: files of the clipboard (a screenshot has no name: it gets one). */
function pastedFiles(event: ClipboardEvent): File[] {
  return [...event.clipboardData.files].filter((file) => file.type.startsWith("image/"));
}

/**
 * Upload into the blog's media library by button, drag and drop, or paste (the zone takes
 * pastes while it or anything in it has focus). Each file is sent on its own; the server
 * checks it (decision 111) and its refusal is shown as it words it.
 */
export function MediaUploadZone({
  blogId,
  onUploaded,
  className,
  label = "Drop images here, paste, or",
}: {
  blogId: string;
  onUploaded?: (items: MediaItem[]) => void;
  className?: string;
  label?: string;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const { mutate } = useSWRConfig();
  const [busy, setBusy] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function upload(files: File[]) {
    if (files.length === 0 || busy) return;
    setBusy(true);
    setProblem(null);
    const done: MediaItem[] = [];
    const failures: string[] = [];
    for (const file of files) {
      const name = file.name || `pasted-image.${file.type.split("/")[1] ?? "png"}`;
      try {
        done.push(await uploadMedia(blogId, file, name));
      } catch (err) {
        failures.push(`${name}: ${errorMessage(err, "The upload failed. Try again.")}`);
      }
    }
    setBusy(false);
    if (done.length > 0) {
      await revalidateMedia(mutate, blogId);
      toast({
        title: done.length === 1 ? "Image uploaded" : `${done.length} images uploaded`,
        description: "Add alt text so every reader knows what the image shows.",
      });
      onUploaded?.(done);
    }
    if (failures.length > 0) {
      setProblem(failures.join("\n"));
      toast({ title: "Upload refused", description: failures.join(" "), variant: "destructive" });
    }
  }

  function drop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    void upload([...event.dataTransfer.files]);
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a drop target; the button inside is the keyboard way.
    <div
      data-slot="media-upload-zone"
      className={cn(
        "flex flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed p-6 text-center text-sm text-muted-foreground transition-colors",
        dragging && "border-primary bg-primary/5",
        className,
      )}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
      onPaste={(event) => void upload(pastedFiles(event))}
    >
      <ImageUpIcon aria-hidden="true" className="size-6" />
      <p>
        {label}{" "}
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={busy}
          onClick={() => input.current?.click()}
        >
          {busy && <LoaderCircleIcon aria-hidden="true" className="animate-spin" />}
          {busy ? "Uploading..." : "Choose files"}
        </Button>
      </p>
      <label htmlFor={`${id}-file`} className="sr-only">
        Upload images
      </label>
      <input
        id={`${id}-file`}
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
        multiple
        className="sr-only"
        tabIndex={-1}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = "";
          void upload(files);
        }}
      />
      <p className="text-xs">
        JPEG, PNG, WebP, AVIF or GIF, up to {humanBytes(mediaLimits.fileBytes)} each.
      </p>
      {problem && (
        <p role="alert" className="whitespace-pre-line text-left text-sm text-destructive">
          {problem}
        </p>
      )}
    </div>
  );
}
