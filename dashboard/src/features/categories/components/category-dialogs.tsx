import type { Category } from "@contracts/categories.ts";
import { slugify } from "@contracts/slug.ts";
import { type FormEvent, useId, useState } from "react";
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
import { type CategoryNode, flattenTree } from "./category-tree.ts";

const noParent = "none";

/**
 * 'New Category' (spec 2.7): name, slug and an optional parent. The slug follows the name
 * until the owner edits it; both are required after trimming (spec 5).
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
  const [name, setName] = useState("");
  const [slug, setSlug] = useState("");
  const [slugEdited, setSlugEdited] = useState(false);
  const [parentId, setParentId] = useState(noParent);
  const [isPending, setPending] = useState(false);

  function reset() {
    setName("");
    setSlug("");
    setSlugEdited(false);
    setParentId(noParent);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isPending) return;
    if (!name.trim() || !slug.trim()) {
      toast({
        title: "Required fields missing",
        description: "Please enter both category name and slug.",
        variant: "destructive",
      });
      return;
    }
    setPending(true);
    try {
      const ok = await onCreate({
        name: name.trim(),
        slug: slug.trim(),
        parentId: parentId === noParent ? null : parentId,
      });
      if (ok) {
        reset();
        onOpenChange(false);
      }
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (isPending) return;
        if (!next) reset();
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <form onSubmit={(event) => void submit(event)} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>New Category</DialogTitle>
            <DialogDescription>
              Categories group posts; nest them to build a tree.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-name`}>Name</Label>
            <Input
              id={`${id}-name`}
              value={name}
              placeholder="e.g. Training Plans"
              onChange={(event) => {
                setName(event.target.value);
                if (!slugEdited) setSlug(slugify(event.target.value));
              }}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-slug`}>Slug</Label>
            <Input
              id={`${id}-slug`}
              value={slug}
              placeholder="e.g. training-plans"
              onChange={(event) => {
                setSlug(event.target.value);
                setSlugEdited(true);
              }}
            />
          </div>
          <div className="grid gap-2">
            <Label id={`${id}-parent`}>Parent Category (Optional)</Label>
            <ChoiceSelect
              labelledBy={`${id}-parent`}
              value={parentId}
              onValueChange={setParentId}
              choices={[
                { value: noParent, label: "None (top level)" },
                ...flattenTree(tree).map(({ category, depth }) => ({
                  value: category.id,
                  label: `${"\u00a0\u00a0".repeat(depth)}${category.name}`,
                })),
              ]}
            />
          </div>
          <DialogFooter>
            <Button variant="outline" disabled={isPending} onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={isPending}>
              {isPending ? "Creating..." : "Create Category"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** 'Edit Category' (spec 2.7): the name only; the slug never changes (decision 022). */
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
  const [name, setName] = useState(category?.name ?? "");
  const [isPending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!category || isPending) return;
    if (!name.trim()) {
      toast({
        title: "Name required",
        description: "Please enter a category name.",
        variant: "destructive",
      });
      return;
    }
    setPending(true);
    try {
      if (await onRename(category, name.trim())) onOpenChange(false);
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog open={category !== null} onOpenChange={(next) => !isPending && onOpenChange(next)}>
      <DialogContent>
        <form onSubmit={(event) => void submit(event)} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Edit Category</DialogTitle>
            <DialogDescription>Rename the category; its address stays the same.</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-name`}>Name</Label>
            <Input
              id={`${id}-name`}
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
          </div>
          <DialogFooter>
            <Button variant="outline" disabled={isPending} onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={isPending}>
              {isPending ? "Saving..." : "Save Changes"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
