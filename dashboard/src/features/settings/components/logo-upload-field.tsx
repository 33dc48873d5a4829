import type { Blog } from "@contracts/blogs.ts";
import { ImageUpIcon, XIcon } from "lucide-react";
import { useState } from "react";
import { MediaPickerDialog } from "../../../components/media-picker-dialog.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import { useMediaItem } from "../../../lib/api/get-media-item.ts";
import { errorMessage } from "../../../lib/api-client.ts";
import { useUpdateCustomization } from "../api/update-customization.ts";

/**
 * The blog's logo as an upload (issue 17): chosen from or uploaded into the media library and
 * saved at once. It is shown instead of the Logo URL while set; removing it brings the URL back.
 */
export function LogoUploadField({ blog }: { blog: Blog }) {
  const [picking, setPicking] = useState(false);
  const { data: logo } = useMediaItem(blog.id, blog.logoMediaId);
  const { updateCustomization, isPending } = useUpdateCustomization();

  async function save(logoMediaId: string | null) {
    try {
      await updateCustomization(blog.id, { logoMediaId });
      toast({
        title: "Customization Updated",
        description: logoMediaId
          ? "The uploaded logo is now shown."
          : "The uploaded logo was removed.",
      });
    } catch (err) {
      toast({
        title: "Error",
        description: errorMessage(err, "Failed to update the logo"),
        variant: "destructive",
      });
    }
  }

  return (
    <div className="space-y-2">
      <Label id={`logo-upload-${blog.id}`}>Uploaded logo</Label>
      {blog.logoMediaId && logo ? (
        <div className="flex items-center gap-3">
          <img
            src={logo.thumbnail}
            alt="Uploaded logo"
            className="size-14 rounded-md border object-contain"
          />
          <span className="truncate text-sm text-muted-foreground">{logo.fileName}</span>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            disabled={isPending}
            onClick={() => void save(null)}
          >
            <XIcon aria-hidden="true" />
            Remove uploaded logo
          </Button>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">
          Upload a logo (PNG, WebP, JPEG) instead of linking one; it is shown instead of the URL.
        </p>
      )}
      <Button
        type="button"
        variant="outline"
        size="sm"
        aria-describedby={`logo-upload-${blog.id}`}
        disabled={isPending}
        onClick={() => setPicking(true)}
      >
        <ImageUpIcon aria-hidden="true" />
        {blog.logoMediaId ? "Change uploaded logo" : "Upload logo"}
      </Button>
      <MediaPickerDialog
        open={picking}
        onOpenChange={setPicking}
        blogId={blog.id}
        title="Blog logo"
        onPick={(item) => void save(item.id)}
      />
    </div>
  );
}
