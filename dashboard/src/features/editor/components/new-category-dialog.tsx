import { type Category, createCategoryInput } from "@contracts/categories.ts";
import { slugify } from "@contracts/slug.ts";
import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { useSWRConfig } from "swr";
import { ChoiceSelect } from "../../../components/choice-select.tsx";
import { Button } from "../../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import { createCategory } from "../../../lib/api/create-category.ts";
import { categoriesKey } from "../../../lib/api/get-categories.ts";
import { errorMessage, fieldIssuesOf } from "../../../lib/api-client.ts";

/** The editor asks only for a name and a parent; the slug follows the name (decision 351). */
const newCategoryFields = createCategoryInput.pick({ name: true, parentId: true });

const noParent = "none";

/**
 * 'New category…' in the editor's category selector: creates the category through the
 * categories API, refreshes every list of the blog's categories, and hands it to `onCreated`
 * (which selects it on the post). What the server refuses is said in the dialog.
 */
export function NewCategoryDialog({
  blogId,
  categories,
  open,
  onOpenChange,
  onCreated,
}: {
  blogId: string;
  categories: readonly Category[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (category: Category) => void;
}) {
  const id = useId();
  const { mutate } = useSWRConfig();
  const {
    register,
    handleSubmit,
    setValue,
    watch,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    defaultValues: { name: "", parentId: null as string | null },
    resolver: zodResolver(newCategoryFields),
  });
  const parentId = watch("parentId") ?? null;

  async function submit(input: { name: string; parentId?: string | null }) {
    try {
      const created = await createCategory({
        blogId,
        name: input.name,
        slug: slugify(input.name),
        parentId: input.parentId ?? null,
      });
      await mutate(categoriesKey(blogId));
      onCreated(created);
      toast({ title: "Category created", description: `"${created.name}" has been created.` });
      close();
    } catch (err) {
      const fields = fieldIssuesOf(err);
      if (fields.name) setError("name", { message: fields.name });
      else setError("root", { message: errorMessage(err, "Failed to create category") });
    }
  }

  function close() {
    reset();
    onOpenChange(false);
  }

  const nameError = errors.name?.message;
  const rootError = errors.root?.message;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (isSubmitting) return;
        if (!next) reset();
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <form noValidate onSubmit={handleSubmit(submit)} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>New Category</DialogTitle>
            <DialogDescription>
              The category is added to this blog and chosen for this post.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-name`}>Name</Label>
            <Input
              id={`${id}-name`}
              autoComplete="off"
              placeholder="e.g. Training Plans"
              {...register("name")}
              aria-invalid={nameError ? true : undefined}
              aria-describedby={nameError ? `${id}-name-error` : undefined}
            />
            {nameError && (
              <p id={`${id}-name-error`} className="text-sm font-medium text-error">
                {nameError}
              </p>
            )}
          </div>
          <div className="grid gap-2">
            <Label id={`${id}-parent`}>Parent Category (Optional)</Label>
            <ChoiceSelect
              labelledBy={`${id}-parent`}
              value={parentId ?? noParent}
              onValueChange={(value) => setValue("parentId", value === noParent ? null : value)}
              choices={[
                { value: noParent, label: "None (top level)" },
                ...categories.map((c) => ({ value: c.id, label: c.name })),
              ]}
            />
          </div>
          {rootError && (
            <p role="alert" className="text-sm font-medium text-error">
              {rootError}
            </p>
          )}
          <DialogFooter>
            <Button variant="outline" disabled={isSubmitting} onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? "Creating..." : "Create Category"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
