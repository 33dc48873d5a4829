import { type Category, createCategoryInput } from "@contracts/categories.ts";
import { slugify } from "@contracts/slug.ts";
import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { useSWRConfig } from "swr";
import { FormDialog, FormField } from "../../../components/form-dialog.tsx";
import { ParentCategorySelect } from "../../../components/parent-category-select.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import { createCategory } from "../../../lib/api/create-category.ts";
import { categoriesKey } from "../../../lib/api/get-categories.ts";
import { errorMessage, fieldIssuesOf } from "../../../lib/api-client.ts";

/** The editor asks only for a name and a parent; the slug follows the name (decision 351). */
const newCategoryFields = createCategoryInput.pick({ name: true, parentId: true });

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

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title="New Category"
      description="The category is added to this blog and chosen for this post."
      onSubmit={handleSubmit(submit)}
      isPending={isSubmitting}
      submitLabel="Create Category"
      pendingLabel="Creating..."
      error={errors.root?.message}
    >
      <FormField id={`${id}-name`} label="Name" error={errors.name?.message}>
        {(field) => (
          <Input
            {...field}
            autoComplete="off"
            placeholder="e.g. Training Plans"
            {...register("name")}
          />
        )}
      </FormField>
      <ParentCategorySelect
        id={`${id}-parent`}
        value={parentId}
        onChange={(next) => setValue("parentId", next)}
        categories={categories.map((c) => ({ value: c.id, label: c.name }))}
      />
    </FormDialog>
  );
}
