import { EyeIcon, PencilIcon, Trash2Icon, Undo2Icon } from "lucide-react";
import { Link } from "react-router";
import { type CardPost, editPostHref, viewPostHref } from "./post-card-model.ts";
import { DropdownMenuContent, DropdownMenuItem, LoadedDropdownMenu } from "./ui/dropdown-menu.tsx";
import type { LazyMenuProps } from "./ui/lazy-menu.tsx";

/** A post card's actions menu, loaded when first reached (see `PostCard`). */
export function PostCardMenu({
  post,
  onDelete,
  onUnpublish,
  ...menu
}: LazyMenuProps & {
  post: CardPost;
  onDelete?: (post: CardPost) => void;
  onUnpublish?: (post: CardPost) => void;
}) {
  return (
    <LoadedDropdownMenu {...menu}>
      <DropdownMenuContent align="end">
        <DropdownMenuItem asChild>
          <Link to={viewPostHref(post.id)}>
            <EyeIcon aria-hidden="true" />
            View
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to={editPostHref(post.id)}>
            <PencilIcon aria-hidden="true" />
            Edit
          </Link>
        </DropdownMenuItem>
        {onUnpublish && post.status === "published" && (
          <DropdownMenuItem onSelect={() => onUnpublish(post)}>
            <Undo2Icon aria-hidden="true" />
            Unpublish
          </DropdownMenuItem>
        )}
        {onDelete && (
          <DropdownMenuItem className="text-error focus:text-error" onSelect={() => onDelete(post)}>
            <Trash2Icon aria-hidden="true" />
            Delete
          </DropdownMenuItem>
        )}
      </DropdownMenuContent>
    </LoadedDropdownMenu>
  );
}
