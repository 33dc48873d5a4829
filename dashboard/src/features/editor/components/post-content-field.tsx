import type { RefObject } from "react";
import { lazy, Suspense, useId, useState } from "react";
import { MediaPickerDialog } from "../../../components/media-picker-dialog.tsx";
import { useImageDrop } from "../../../components/use-image-drop.ts";
import { useAffiliateLinks } from "../../../lib/api/get-affiliate-links.ts";
import { ContentLimitMeter } from "../content-limit-meter.tsx";
import type { RichTextHandle } from "../rich-text/rich-text-editor.tsx";
import type { PickedImage } from "../rich-text/url-dialogs.tsx";
import { contentImageHtml } from "./content-image-html.ts";

/** TipTap loads with the editor screen only, not in the dashboard's first-load chunk. */
const RichTextEditor = lazy(() => import("../rich-text/rich-text-editor.tsx"));

/** The post's content: the rich text, its length meter, and images dropped or picked into it. */
export function PostContentField({
  blogId,
  value,
  onChange,
  append,
  readOnly,
  handleRef,
}: {
  blogId: string;
  value: string;
  onChange: (html: string) => void;
  /** Adds HTML at the end of the content (an image dropped or pasted onto the text). */
  append: (html: string) => void;
  readOnly: boolean;
  /** The content field's commands (internal links go in through them, so Undo works). */
  handleRef: RefObject<RichTextHandle | null>;
}) {
  const id = useId();
  const { data: affiliateLinks } = useAffiliateLinks(blogId);
  // Images dropped or pasted into the text are uploaded into the library and added to it.
  // The toolbar's image button picks from (or uploads into) the blog's media library.
  const [pickingImage, setPickingImage] = useState<
    ((image: PickedImage | null | "address") => void) | null
  >(null);
  const imageDrop = useImageDrop(blogId, (item) => append(contentImageHtml(item)));

  return (
    <>
      {/* Images dropped or pasted onto the text go into the media library first. */}
      <div {...(readOnly ? {} : imageDrop.handlers)}>
        <Suspense
          fallback={
            <p role="status" className="min-h-96 rounded-md border p-4 text-muted-foreground">
              Loading the editor…
            </p>
          }
        >
          <RichTextEditor
            id={`${id}-content`}
            label="Content"
            value={value}
            onChange={onChange}
            readOnly={readOnly}
            placeholder="Start writing your post..."
            affiliateLinks={affiliateLinks}
            describedBy={`${id}-content-limit`}
            handleRef={handleRef}
            onPickImage={() =>
              new Promise<PickedImage | null | "address">((resolve) =>
                setPickingImage(() => resolve),
              )
            }
          />
        </Suspense>
      </div>
      {imageDrop.uploading && (
        <p role="status" className="mt-1 text-xs text-muted-foreground">
          Uploading image...
        </p>
      )}
      <ContentLimitMeter id={`${id}-content-limit`} content={value} />
      <MediaPickerDialog
        open={pickingImage !== null}
        onOpenChange={(open) => {
          if (open) return;
          pickingImage?.(null);
          setPickingImage(null);
        }}
        blogId={blogId}
        title="Insert image"
        onUseAddress={() => {
          pickingImage?.("address");
          setPickingImage(null);
        }}
        onPick={(item) => {
          pickingImage?.({
            src: item.src,
            alt: item.alt,
            width: item.width,
            height: item.height,
          });
          setPickingImage(null);
        }}
      />
    </>
  );
}
