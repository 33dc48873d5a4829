import { type Category, createCategoryInput, updateCategoryInput } from "@contracts/categories.ts";
import { slugify } from "@contracts/slug.ts";
import type { z } from "@contracts/zod.ts";
import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { type FieldErrors, useForm, useWatch } from "react-hook-form";
import { FormDialog, FormField } from "../../../components/form-dialog.tsx";
import { ParentCategorySelect } from "../../../components/parent-category-select.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import { type CategoryNode, flattenTree } from "./category-tree.ts";

const newCategoryFields = createCategoryInput.pick({ name: true, slug: true, parentId: true });
type NewCategoryFields = z.input<typeof newCategoryFields>;
type NewCategory = z.output<typeof newCategoryFields>;

/**
 * 'New Category': name, slug and an optional parent. The slug follows the name
 * until the owner edits it; both are required after trimming, which a toast says;
 * any other problem the contract finds is said under its field.
 */
export function NewCategoryDialog({
  open,
  onOpenChange,
  tree,
  onCreate,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  tree: CategoryNode[];
  onCreate: (input: { name: string; slug: string; parentId: string | null }) => Promise<boolean>;
}) {
  const id = useId();
  const [slugEdited, setSlugEdited] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    setValue,
    getValues,
    clearErrors,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<NewCategoryFields, unknown, NewCategory>({
    defaultValues: { name: "", slug: "", parentId: null },
    resolver: zodResolver(newCategoryFields),
    // A missing field is said by a toast, not under the field while the owner types.
    reValidateMode: "onSubmit",
  });
  const parentId = useWatch({ control, name: "parentId" }) ?? null;

  function close() {
    reset();
    setSlugEdited(false);
    onOpenChange(false);
  }

  async function create(input: NewCategory) {
    if (await onCreate({ name: input.name, slug: input.slug, parentId: input.parentId ?? null })) {
      close();
    }
  }

  function invalid() {
    if (getValues("name").trim() && getValues("slug").trim()) return;
    clearErrors();
    toast({
      title: "Required fields missing",
      description: "Please enter both category name and slug.",
      variant: "destructive",
    });
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title="New Category"
      description="Categories group posts; nest them to build a tree."
      onSubmit={handleSubmit(create, invalid)}
      isPending={isSubmitting}
      submitLabel="Create Category"
      pendingLabel="Creating..."
    >
      <FormField id={`${id}-name`} label="Name" error={errors.name?.message}>
        {(field) => (
          <Input
            {...field}
            placeholder="e.g. Training Plans"
            {...register("name", {
              onChange: (event) => {
                if (!slugEdited) setValue("slug", slugify(event.target.value));
              },
            })}
          />
        )}
      </FormField>
      <FormField id={`${id}-slug`} label="Slug" error={errors.slug?.message}>
        {(field) => (
          <Input
            {...field}
            placeholder="e.g. training-plans"
            {...register("slug", { onChange: () => setSlugEdited(true) })}
          />
        )}
      </FormField>
      <ParentCategorySelect
        id={`${id}-parent`}
        value={parentId}
        onChange={(next) => setValue("parentId", next)}
        categories={flattenTree(tree).map(({ category, depth }) => ({
          value: category.id,
          label: `${"\u00a0\u00a0".repeat(depth)}${category.name}`,
        }))}
      />
    </FormDialog>
  );
}

const renameFields = updateCategoryInput.pick({ name: true }).required();
type RenameFields = z.input<typeof renameFields>;
type Rename = z.output<typeof renameFields>;

/** 'Edit Category': the name only; the slug never changes (decision 022). */
export function EditCategoryDialog({
  category,
  onOpenChange,
  onRename,
}: {
  category: Category | null;
  onOpenChange: (open: boolean) => void;
  onRename: (category: Category, name: string) => Promise<boolean>;
}) {
  const id = useId();
  const {
    register,
    handleSubmit,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<RenameFields, unknown, Rename>({
    defaultValues: { name: category?.name ?? "" },
    resolver: zodResolver(renameFields),
    reValidateMode: "onSubmit",
  });

  async function rename(input: Rename) {
    if (category && (await onRename(category, input.name))) onOpenChange(false);
  }

  function invalid(found: FieldErrors<RenameFields>) {
    if (found.name?.type !== "too_small") return;
    clearErrors();
    toast({
      title: "Name required",
      description: "Please enter a category name.",
      variant: "destructive",
    });
  }

  return (
    <FormDialog
      open={category !== null}
      onOpenChange={onOpenChange}
      title="Edit Category"
      description="Rename the category; its address stays the same."
      onSubmit={handleSubmit(rename, invalid)}
      isPending={isSubmitting}
      submitLabel="Save Changes"
      pendingLabel="Saving..."
    >
      <FormField id={`${id}-name`} label="Name" error={errors.name?.message}>
        {(field) => <Input {...field} {...register("name")} />}
      </FormField>
    </FormDialog>
  );
}
