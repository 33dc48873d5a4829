import { ImageIcon, XIcon } from "lucide-react";
import { useState } from "react";
import { MediaAltText } from "../../../components/media-alt-text.tsx";
import { MediaPickerDialog } from "../../../components/media-picker-dialog.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { useMediaItem } from "../../../lib/api/get-media-item.ts";

/**
 * The post's feature image: chosen from (or uploaded into) the blog's media library, with its
 * alt text, which publishing requires. Saved with the post (`featureImageId`).
 */
export function FeatureImageField({
  blogId,
  value,
  onChange,
  readOnly,
  context,
}: {
  blogId: string;
  value: string | null;
  onChange: (id: string | null) => void;
  readOnly: boolean;
  /** The post's title and text, for 'Suggest alt text'. */
  context: string;
}) {
  const [picking, setPicking] = useState(false);
  const { data: item, mutate } = useMediaItem(blogId, value);

  return (
    <Card className="space-y-3 p-5" aria-label="Feature image">
      <h2 className="text-sm font-medium">Feature image</h2>
      {value && item ? (
        <>
          <img
            src={item.thumbnail}
            alt={item.alt}
            width={item.width}
            height={item.height}
            className="aspect-video w-full rounded-md bg-muted object-cover"
          />
          <p className="truncate text-xs text-muted-foreground">{item.fileName}</p>
          {!item.alt.trim() && (
            <p className="text-xs text-destructive">Add alt text before publishing.</p>
          )}
          <MediaAltText
            key={`${item.id}-${item.alt}`}
            item={item}
            context={context}
            readOnly={readOnly}
            onSaved={(saved) => void mutate(saved, { revalidate: false })}
          />
          {!readOnly && (
            <div className="flex gap-2">
              <Button type="button" variant="outline" size="sm" onClick={() => setPicking(true)}>
                Change
              </Button>
              <Button type="button" variant="ghost" size="sm" onClick={() => onChange(null)}>
                <XIcon aria-hidden="true" />
                Remove
              </Button>
            </div>
          )}
        </>
      ) : value ? (
        <p role="status" className="text-sm text-muted-foreground">
          Loading image...
        </p>
      ) : (
        !readOnly && (
          <Button
            type="button"
            variant="outline"
            className="w-full"
            onClick={() => setPicking(true)}
          >
            <ImageIcon aria-hidden="true" />
            Add feature image
          </Button>
        )
      )}
      <MediaPickerDialog
        open={picking}
        onOpenChange={setPicking}
        blogId={blogId}
        title="Feature image"
        onPick={(picked) => onChange(picked.id)}
      />
    </Card>
  );
}
