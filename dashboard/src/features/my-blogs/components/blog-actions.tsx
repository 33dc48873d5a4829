import { type Blog, type CloneBlogInput, cloneBlogInput } from "@contracts/blogs.ts";
import type { z } from "@contracts/zod.ts";
import { zodResolver } from "@hookform/resolvers/zod";
import { CopyPlusIcon, PencilIcon, Trash2Icon } from "lucide-react";
import { useId, useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { BlogDetailsForm } from "@/components/blog-details-form.tsx";
import { FormDialog, FormField } from "@/components/form-dialog.tsx";
import { TitledDialog } from "@/components/titled-dialog.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Input } from "@/components/ui/input.tsx";
import { Label } from "@/components/ui/label.tsx";
import { Switch } from "@/components/ui/switch.tsx";
import { toast } from "@/components/ui/use-toast.ts";
import { errorMessage } from "@/lib/api-client.ts";
import { useSelectedBlog } from "@/lib/selected-blog-context.tsx";
import { useCloneBlog } from "../api/clone-blog.ts";
import { useDeleteBlog } from "../api/delete-blog.ts";

/** Edit, Clone and Delete of one blog on My Blogs. */
export function BlogActions({ blog }: { blog: Blog }) {
  const [open, setOpen] = useState<"edit" | "clone" | "delete" | null>(null);
  const close = () => setOpen(null);
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen("edit")}>
        <PencilIcon aria-hidden="true" />
        Edit<span className="sr-only"> {blog.name}</span>
      </Button>
      <Button variant="outline" size="sm" onClick={() => setOpen("clone")}>
        <CopyPlusIcon aria-hidden="true" />
        Clone<span className="sr-only"> {blog.name}</span>
      </Button>
      <Button variant="outline" size="sm" className="text-error" onClick={() => setOpen("delete")}>
        <Trash2Icon aria-hidden="true" />
        Delete<span className="sr-only"> {blog.name}</span>
      </Button>
      <TitledDialog
        open={open === "edit"}
        onOpenChange={(next) => !next && close()}
        title="Edit Blog"
        description={`Name, description and time zone of ${blog.name}.`}
      >
        <BlogDetailsForm
          blog={blog}
          onSaved={close}
          footer={
            <Button type="button" variant="outline" onClick={close}>
              Cancel
            </Button>
          }
        />
      </TitledDialog>
      {open === "clone" && <CloneBlogDialog blog={blog} onClose={close} />}
      {open === "delete" && <DeleteBlogDialog blog={blog} onClose={close} />}
    </>
  );
}

type CloneFields = z.input<typeof cloneBlogInput>;

/** The copy's name (checked with the contract) and whether its posts come along as drafts. */
function CloneBlogDialog({ blog, onClose }: { blog: Blog; onClose: () => void }) {
  const id = useId();
  const clone = useCloneBlog();
  const { selectBlog } = useSelectedBlog();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CloneFields, unknown, CloneBlogInput>({
    defaultValues: { name: `${blog.name} (copy)`.slice(0, 100), includePosts: false },
    resolver: zodResolver(cloneBlogInput),
  });
  const name = useWatch({ control, name: "name" });

  async function submit({ includePosts }: CloneBlogInput) {
    try {
      // The name goes as typed; the server trims it.
      const created = await clone(blog.id, { name, includePosts });
      toast({
        title: "Blog cloned",
        description: `${created.name} has been created from ${blog.name}.`,
      });
      selectBlog(created.id);
      onClose();
    } catch (error) {
      const message = errorMessage(error, "Failed to clone blog");
      setError("root", { message });
      toast({ variant: "destructive", title: "Error", description: message });
    }
  }

  return (
    <FormDialog
      open
      onOpenChange={(next) => !next && onClose()}
      title="Clone Blog"
      description={`A new blog with the settings, categories, content automation (switched off) and look of ${blog.name}. Domains are not copied.`}
      onSubmit={handleSubmit(submit)}
      isPending={isSubmitting}
      submitLabel="Clone Blog"
      pendingLabel="Cloning..."
      submitDisabled={name.trim() === ""}
      error={errors.root?.message}
    >
      <FormField id={`${id}-name`} label="New Blog Name" error={errors.name?.message}>
        {(field) => (
          <Input
            {...field}
            aria-invalid={field["aria-invalid"] ?? (errors.root ? true : undefined)}
            {...register("name")}
          />
        )}
      </FormField>
      <div className="flex items-center gap-3">
        <Controller
          control={control}
          name="includePosts"
          render={({ field }) => (
            <Switch
              id={`${id}-posts`}
              checked={field.value ?? false}
              onCheckedChange={field.onChange}
            />
          )}
        />
        <Label htmlFor={`${id}-posts`}>Copy its posts too (as drafts)</Label>
      </div>
    </FormDialog>
  );
}

/** Deleting needs the blog's name typed: nothing in it can be brought back. */
function DeleteBlogDialog({ blog, onClose }: { blog: Blog; onClose: () => void }) {
  const id = useId();
  const remove = useDeleteBlog();
  // No schema: the only rule is the blog's own name, and Delete Blog stays off until it is typed.
  const {
    control,
    register,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm({ defaultValues: { confirmation: "" } });
  const matches = useWatch({ control, name: "confirmation" }).trim() === blog.name;

  async function submit() {
    if (!matches) return;
    try {
      await remove(blog.id);
      toast({ title: "Blog deleted", description: `${blog.name} has been deleted.` });
      onClose();
    } catch (error) {
      toast({
        variant: "destructive",
        title: "Error",
        description: errorMessage(error, "Failed to delete blog"),
      });
    }
  }

  return (
    <FormDialog
      open
      onOpenChange={(next) => !next && onClose()}
      title={`Delete ${blog.name}?`}
      description="Its posts, categories, affiliate links and media are deleted, its addresses stop serving it and its domains are released. This action cannot be undone."
      onSubmit={handleSubmit(submit)}
      isPending={isSubmitting}
      submitLabel="Delete Blog"
      pendingLabel="Deleting..."
      submitDisabled={!matches}
      destructive
    >
      <FormField
        id={`${id}-confirm`}
        label={
          <>
            Type <strong>{blog.name}</strong> to confirm
          </>
        }
      >
        {(field) => <Input {...field} autoComplete="off" {...register("confirmation")} />}
      </FormField>
    </FormDialog>
  );
}
