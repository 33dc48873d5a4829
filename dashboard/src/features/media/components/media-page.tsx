import type { Blog } from "@contracts/blogs.ts";
import { humanBytes, type MediaItem, mediaFormatLabels } from "@contracts/media.ts";
import { Trash2Icon } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { useSWRConfig } from "swr";
import { BlogScreen } from "../../../components/blog-screen.tsx";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { LoadError } from "../../../components/load-error.tsx";
import { MediaAltText } from "../../../components/media-alt-text.tsx";
import { MediaSearchField } from "../../../components/media-search-field.tsx";
import { MediaThumbnail } from "../../../components/media-thumbnail.tsx";
import { MediaUploadZone } from "../../../components/media-upload-zone.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import { deleteMedia } from "../../../lib/api/delete-media.ts";
import { revalidateMedia, useMedia } from "../../../lib/api/get-media.ts";
import { errorMessage } from "../../../lib/api-client.ts";

/** Media (issue 17): the blog's image library with search, alt text, where used and delete. */
export function MediaPage() {
  return <BlogScreen title="Media">{(blog) => <MediaLibrary blog={blog} />}</BlogScreen>;
}

function MediaLibrary({ blog }: { blog: Blog }) {
  const { mutate } = useSWRConfig();
  const [q, setQ] = useState("");
  const { data: items, error, isLoading, mutate: reload } = useMedia(blog.id, q);
  const [toDelete, setToDelete] = useState<MediaItem | null>(null);

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      await deleteMedia(blog.id, toDelete.id);
      await revalidateMedia(mutate, blog.id);
      toast({ title: "Image deleted", description: `"${toDelete.fileName}" has been deleted.` });
      setToDelete(null);
    } catch (err) {
      toast({
        title: "Error",
        description: errorMessage(err, "Failed to delete the image"),
        variant: "destructive",
      });
      throw err;
    }
  }

  return (
    <div className="space-y-6">
      <PageHeader
        title="Media"
        description={`Images of ${blog.name}: uploaded once, served in modern formats at every size.`}
      />
      <MediaUploadZone blogId={blog.id} />
      <MediaSearchField label="Search images" value={q} onChange={setQ} className="max-w-sm" />
      {error ? (
        <LoadError
          variant="card"
          title="Failed to load images"
          retryLabel="Try again"
          onRetry={() => void reload()}
        />
      ) : isLoading && !items ? (
        <p role="status" className="py-16 text-center text-sm text-muted-foreground">
          Loading images...
        </p>
      ) : !items || items.length === 0 ? (
        <Card className="p-10 text-center text-muted-foreground">
          {q ? "No image matches your search." : "No images yet. Upload the first one above."}
        </Card>
      ) : (
        <ul aria-label="Images" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {items.map((item) => (
            <li key={item.id}>
              <MediaCard item={item} onDelete={() => setToDelete(item)} />
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Delete image?"
        description={`"${toDelete?.fileName ?? ""}" and every size of it will be deleted. This cannot be undone.`}
        onConfirm={confirmDelete}
      />
    </div>
  );
}

function MediaCard({ item, onDelete }: { item: MediaItem; onDelete: () => void }) {
  const usage = item.usage ?? { posts: [], logo: false };
  const used = usage.logo || usage.posts.length > 0;
  return (
    <Card className="overflow-hidden" aria-label={item.fileName}>
      <MediaThumbnail item={item} fit="contain" />
      <div className="space-y-3 p-4">
        <div>
          <h2 className="truncate font-medium" title={item.fileName}>
            {item.fileName}
          </h2>
          <p className="text-xs text-muted-foreground">
            {mediaFormatLabels[item.format]} · {item.width}×{item.height} ·{" "}
            {humanBytes(item.uploadBytes)} uploaded
          </p>
        </div>
        <MediaAltText key={`${item.id}-${item.alt}`} item={item} />
        <div className="text-sm">
          <p className="font-medium">Used in</p>
          {used ? (
            <ul className="list-disc pl-5 text-muted-foreground">
              {usage.logo && <li>The blog's logo</li>}
              {usage.posts.map((post) => (
                <li key={`${post.id}-${post.as}`}>
                  <Link className="underline" to={`/editor?id=${encodeURIComponent(post.id)}`}>
                    {post.title}
                  </Link>{" "}
                  ({post.as === "feature" ? "feature image" : "in the text"})
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-muted-foreground">Not used yet</p>
          )}
        </div>
        <Button
          variant="outline"
          size="sm"
          onClick={onDelete}
          disabled={used}
          title={used ? "Remove the image where it is used before deleting it" : undefined}
        >
          <Trash2Icon aria-hidden="true" />
          Delete
        </Button>
      </div>
    </Card>
  );
}
