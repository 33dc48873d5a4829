import type { Blog } from "@contracts/blogs.ts";
import { type Tag, updateTagInput } from "@contracts/tags.ts";
import type { z } from "@contracts/zod.ts";
import { zodResolver } from "@hookform/resolvers/zod";
import { PencilIcon, TagsIcon, Trash2Icon } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { useSWRConfig } from "swr";
import { BlogScreen } from "../../../components/blog-screen.tsx";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { DataTable } from "../../../components/data-table.tsx";
import { FormDialog, FormField } from "../../../components/form-dialog.tsx";
import { LoadError } from "../../../components/load-error.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import { revalidatePostLists } from "../../../lib/api/get-posts.ts";
import { tagsKey, useTags } from "../../../lib/api/get-tags.ts";
import { errorMessage, fieldIssuesOf } from "../../../lib/api-client.ts";
import { deleteTag } from "../api/delete-tag.ts";
import { updateTag } from "../api/update-tag.ts";

/** Tags (issue 33): the blog's tags with their posts, to rename and delete like categories. */
export function TagsPage() {
  return <BlogScreen title="Tags">{(blog) => <Tags blog={blog} />}</BlogScreen>;
}

const postCount = (n: number) => (n === 1 ? "1 post" : `${n} posts`);

function Tags({ blog }: { blog: Blog }) {
  const { mutate } = useSWRConfig();
  const { data: tags, error, isLoading, mutate: reload } = useTags(blog.id);
  const [renaming, setRenaming] = useState<Tag | null>(null);
  const [toDelete, setToDelete] = useState<Tag | null>(null);

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      await deleteTag(toDelete.id);
      await mutate(tagsKey(blog.id));
      void revalidatePostLists(mutate, blog.id);
      toast({ title: "Tag deleted", description: `"${toDelete.name}" has been deleted.` });
      setToDelete(null);
    } catch (err) {
      toast({
        title: "Error",
        description: errorMessage(err, "Failed to delete tag"),
        variant: "destructive",
      });
      throw err;
    }
  }

  return (
    <div className="space-y-6">
      <PageHeader
        title="Tags"
        description={`The tags of ${blog.name}'s posts. Add tags to a post in the editor.`}
      />
      {isLoading ? (
        <p role="status" className="py-16 text-center text-sm text-muted-foreground">
          Loading tags...
        </p>
      ) : error ? (
        <LoadError
          variant="page"
          message={errorMessage(error, "Failed to load tags.")}
          retryLabel="Retry"
          onRetry={() => void reload()}
        />
      ) : !tags || tags.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-16 text-center">
          <TagsIcon aria-hidden="true" className="size-10 text-muted-foreground" />
          <h2 className="text-lg font-semibold">No tags yet</h2>
          <p className="text-sm text-muted-foreground">
            Add tags to a post in the editor; they appear here.
          </p>
        </div>
      ) : (
        <Card className="p-3">
          <DataTable
            aria-label="Tags"
            rows={tags}
            rowKey={(tag) => tag.id}
            columns={[
              {
                key: "name",
                header: "Name",
                cell: (tag) => tag.name,
                cellClassName: "font-medium",
              },
              {
                key: "slug",
                header: "Slug",
                cell: (tag) => tag.slug,
                cellClassName: "text-muted-foreground",
              },
              { key: "posts", header: "Posts", cell: (tag) => postCount(tag.postCount) },
              {
                key: "actions",
                header: <span className="sr-only">Actions</span>,
                cellClassName: "text-right",
                cell: (tag) => (
                  <>
                    <Button variant="ghost" size="icon" onClick={() => setRenaming(tag)}>
                      <PencilIcon aria-hidden="true" />
                      <span className="sr-only">Rename tag {tag.name}</span>
                    </Button>
                    <Button variant="ghost" size="icon" onClick={() => setToDelete(tag)}>
                      <Trash2Icon aria-hidden="true" />
                      <span className="sr-only">Delete tag {tag.name}</span>
                    </Button>
                  </>
                ),
              },
            ]}
          />
        </Card>
      )}

      <RenameTagDialog
        key={renaming?.id ?? "none"}
        tag={renaming}
        onOpenChange={(open) => !open && setRenaming(null)}
        onRenamed={async (tag) => {
          await mutate(tagsKey(blog.id));
          toast({ title: "Tag renamed", description: `The tag is now "${tag.name}".` });
          setRenaming(null);
        }}
      />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Delete Tag"
        description={`"${toDelete?.name ?? ""}" will be removed from its posts. The posts stay as they are.`}
        onConfirm={confirmDelete}
      />
    </div>
  );
}

const renameInput = updateTagInput.pick({ name: true }).required();
type RenameFields = z.input<typeof renameInput>;

function RenameTagDialog({
  tag,
  onOpenChange,
  onRenamed,
}: {
  tag: Tag | null;
  onOpenChange: (open: boolean) => void;
  onRenamed: (tag: Tag) => Promise<void>;
}) {
  const id = useId();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RenameFields, unknown, z.output<typeof renameInput>>({
    defaultValues: { name: tag?.name ?? "" },
    resolver: zodResolver(renameInput),
  });

  async function submit(input: RenameFields) {
    if (!tag) return;
    try {
      await onRenamed(await updateTag(tag.id, input));
    } catch (err) {
      const message = fieldIssuesOf(err).name;
      if (message) setError("name", { message });
      toast({
        title: "Error",
        description: errorMessage(err, "Failed to rename tag"),
        variant: "destructive",
      });
    }
  }

  return (
    <FormDialog
      open={tag !== null}
      onOpenChange={onOpenChange}
      title="Rename Tag"
      description="Every post with this tag shows the new name; its address stays the same."
      onSubmit={handleSubmit(submit)}
      isPending={isSubmitting}
      submitLabel="Save"
      pendingLabel="Saving..."
    >
      <FormField id={`${id}-name`} label="Name" error={errors.name?.message}>
        {(field) => <Input {...field} {...register("name")} />}
      </FormField>
    </FormDialog>
  );
}
