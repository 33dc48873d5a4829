import type { Blog } from "@contracts/blogs.ts";
import type { Category } from "@contracts/categories.ts";
import {
  ChevronRightIcon,
  FolderIcon,
  FolderTreeIcon,
  PencilIcon,
  PlusIcon,
  Trash2Icon,
} from "lucide-react";
import { useState } from "react";
import { useSWRConfig } from "swr";
import { BlogScreen } from "../../../components/blog-screen.tsx";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { LoadError } from "../../../components/load-error.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { Button, focusRing } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import { createCategory } from "../../../lib/api/create-category.ts";
import { categoriesKey, useCategories } from "../../../lib/api/get-categories.ts";
import { revalidatePostLists } from "../../../lib/api/get-posts.ts";
import { errorMessage } from "../../../lib/api-client.ts";
import { cn } from "../../../lib/cn.ts";
import { deleteCategory } from "../api/delete-category.ts";
import { updateCategory } from "../api/update-category.ts";
import { EditCategoryDialog, NewCategoryDialog } from "./category-dialogs.tsx";
import { buildCategoryTree, type CategoryNode } from "./category-tree.ts";

/** Categories: the tree, with create, rename and delete. */
export function CategoriesPage() {
  return <BlogScreen title="Categories">{(blog) => <Categories blog={blog} />}</BlogScreen>;
}

const failure = (err: unknown, fallback: string) =>
  toast({ title: "Error", description: errorMessage(err, fallback), variant: "destructive" });

function Categories({ blog }: { blog: Blog }) {
  const { mutate } = useSWRConfig();
  const { data: categories, error, isLoading, mutate: reload } = useCategories(blog.id);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Category | null>(null);
  const [toDelete, setToDelete] = useState<Category | null>(null);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const tree = buildCategoryTree(categories ?? []);

  const refresh = () => mutate(categoriesKey(blog.id));

  async function create(input: { name: string; slug: string; parentId: string | null }) {
    try {
      const created = await createCategory({ ...input, blogId: blog.id });
      await refresh();
      if (created.parentId) {
        const parentId = created.parentId;
        setCollapsed((current) => new Set([...current].filter((id) => id !== parentId)));
      }
      toast({ title: "Category created", description: `"${created.name}" has been created.` });
      return true;
    } catch (err) {
      failure(err, "Failed to create category");
      return false;
    }
  }

  async function rename(category: Category, name: string) {
    try {
      const updated = await updateCategory(category.id, { name });
      await refresh();
      toast({ title: "Category updated", description: `The category is now "${updated.name}".` });
      return true;
    } catch (err) {
      failure(err, "Failed to update category");
      return false;
    }
  }

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      await deleteCategory(toDelete.id);
      await refresh();
      // Its posts are now uncategorized: cards show categories.
      void revalidatePostLists(mutate, blog.id);
      toast({ title: "Category deleted", description: `"${toDelete.name}" has been deleted.` });
    } catch (err) {
      failure(err, "Failed to delete category");
    } finally {
      setToDelete(null);
    }
  }

  function toggle(id: string) {
    setCollapsed((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  return (
    <div className="space-y-6">
      <PageHeader
        title="Categories"
        description={`Organize the posts of ${blog.name} in a category tree.`}
        actions={
          <Button onClick={() => setCreating(true)}>
            <PlusIcon aria-hidden="true" />
            New Category
          </Button>
        }
      />

      {isLoading ? (
        <p role="status" className="py-16 text-center text-sm text-muted-foreground">
          Loading categories...
        </p>
      ) : error ? (
        <LoadError
          variant="page"
          message={errorMessage(error, "Failed to load categories.")}
          retryLabel="Retry"
          onRetry={() => void reload()}
        />
      ) : tree.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-16 text-center">
          <FolderTreeIcon aria-hidden="true" className="size-10 text-muted-foreground" />
          <h2 className="text-lg font-semibold">No categories yet</h2>
          <p className="text-sm text-muted-foreground">
            Create a category to start organizing your posts.
          </p>
        </div>
      ) : (
        <Card className="p-3">
          <CategoryList
            nodes={tree}
            depth={0}
            collapsed={collapsed}
            onToggle={toggle}
            onEdit={setEditing}
            onDelete={setToDelete}
            label="Category tree"
          />
        </Card>
      )}

      <NewCategoryDialog open={creating} onOpenChange={setCreating} tree={tree} onCreate={create} />
      <EditCategoryDialog
        key={editing?.id ?? "none"}
        category={editing}
        onOpenChange={(open) => !open && setEditing(null)}
        onRename={rename}
      />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Delete Category"
        description={
          <>
            Are you sure you want to delete "{toDelete?.name}"? Its subcategories move up one level
            and its posts become uncategorized. This action cannot be undone.
          </>
        }
        onConfirm={confirmDelete}
      />
    </div>
  );
}

type ListProps = {
  nodes: CategoryNode[];
  depth: number;
  collapsed: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onEdit: (category: Category) => void;
  onDelete: (category: Category) => void;
  label?: string;
  id?: string;
};

/** Nested lists with disclosure buttons: each level is a list, each node a list item. */
function CategoryList({ nodes, depth, label, id, ...rest }: ListProps) {
  return (
    <ul aria-label={label} id={id} className={cn(depth > 0 && "ml-6 border-l pl-2")}>
      {nodes.map((node) => (
        <CategoryItem key={node.category.id} node={node} depth={depth} {...rest} />
      ))}
    </ul>
  );
}

function CategoryItem({
  node,
  depth,
  collapsed,
  onToggle,
  onEdit,
  onDelete,
}: Omit<ListProps, "nodes" | "label" | "id"> & { node: CategoryNode }) {
  const { category, children } = node;
  const expanded = !collapsed.has(category.id);
  const childListId = `category-${category.id}-children`;
  return (
    <li>
      <div className="flex items-center gap-2 rounded-md px-2 py-1.5 hover:bg-accent/50">
        {children.length > 0 ? (
          <button
            type="button"
            aria-expanded={expanded}
            aria-controls={childListId}
            onClick={() => onToggle(category.id)}
            className={cn("rounded-sm p-0.5", focusRing)}
          >
            <ChevronRightIcon
              aria-hidden="true"
              className={cn("size-4 transition-transform", expanded && "rotate-90")}
            />
            <span className="sr-only">
              {expanded ? "Collapse" : "Expand"} {category.name}
            </span>
          </button>
        ) : (
          <span className="w-5" aria-hidden="true" />
        )}
        <FolderIcon aria-hidden="true" className="size-4 text-muted-foreground" />
        <span className="flex-1 truncate font-medium">{category.name}</span>
        <span className="text-xs text-muted-foreground">
          {category.postCount} {category.postCount === 1 ? "post" : "posts"}
        </span>
        <Button variant="ghost" size="icon" className="size-8" onClick={() => onEdit(category)}>
          <PencilIcon aria-hidden="true" />
          <span className="sr-only">Edit {category.name}</span>
        </Button>
        <Button variant="ghost" size="icon" className="size-8" onClick={() => onDelete(category)}>
          <Trash2Icon aria-hidden="true" />
          <span className="sr-only">Delete {category.name}</span>
        </Button>
      </div>
      {children.length > 0 && expanded && (
        <CategoryList
          nodes={children}
          depth={depth + 1}
          collapsed={collapsed}
          onToggle={onToggle}
          onEdit={onEdit}
          onDelete={onDelete}
          id={childListId}
        />
      )}
    </li>
  );
}
