import type { Blog } from "@contracts/blogs.ts";
import { PlusIcon } from "lucide-react";
import {
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  LoadedDropdownMenu,
} from "../../../components/ui/dropdown-menu.tsx";
import type { LazyMenuProps } from "../../../components/ui/lazy-menu.tsx";

/** The 'Switch Blog' menu, loaded when first reached (see `BlogSwitcher`). */
export function BlogSwitcherMenu({
  blogs,
  selectedBlogId,
  onSelectBlog,
  onCreateBlog,
  onCloseAutoFocus,
  ...menu
}: LazyMenuProps & {
  blogs: readonly Blog[];
  selectedBlogId: string;
  onSelectBlog: (id: string) => void;
  onCreateBlog: () => void;
  onCloseAutoFocus: () => void;
}) {
  return (
    <LoadedDropdownMenu {...menu}>
      <DropdownMenuContent
        align="start"
        className="w-[min(20rem,calc(100vw-2rem))]"
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <DropdownMenuLabel>Switch Blog</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuRadioGroup value={selectedBlogId} onValueChange={onSelectBlog}>
          {blogs.map((blog) => (
            <DropdownMenuRadioItem key={blog.id} value={blog.id}>
              <span className="flex min-w-0 flex-col">
                <span className="truncate font-medium">{blog.name}</span>
                <span className="truncate text-xs text-muted-foreground">
                  {blog.description || "No description"}
                </span>
              </span>
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onCreateBlog}>
          <PlusIcon aria-hidden="true" />
          Create New Blog
        </DropdownMenuItem>
      </DropdownMenuContent>
    </LoadedDropdownMenu>
  );
}
