import { ChevronsUpDownIcon, PlusIcon } from "lucide-react";
import { lazy, type ReactNode, Suspense, useRef, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { lazyMenu } from "../../../components/ui/lazy-menu.tsx";
import { useCreateBlogDialog } from "../../../lib/create-blog-dialog-context.tsx";
import { useSelectedBlog } from "../../../lib/selected-blog-context.tsx";

/**
 * The dialog's form brings zod and react-hook-form (about 40 KB compressed): it loads when the
 * dialog first opens, not with every screen of the dashboard (issue 20, first load).
 */
const CreateBlogDialog = lazy(async () => ({
  default: (await import("./create-blog-dialog.tsx")).CreateBlogDialog,
}));

/** The 'Switch Blog' menu's code loads when the owner reaches for it (decision 172). */
const BlogSwitcherMenu = lazyMenu(
  async () => (await import("./blog-switcher-menu.tsx")).BlogSwitcherMenu,
);

export const blogSwitcherTriggerId = "blog-switcher-trigger";

/**
 * The header's blog selector, in its four states: loading, failed,
 * no blogs yet, and the 'Switch Blog' menu. It also hosts the create-blog dialog.
 */
export function BlogSwitcher() {
  const { blogs, blogsError, isLoadingBlogs, selectedBlog, selectBlog } = useSelectedBlog();
  const dialog = useCreateBlogDialog();
  const createAfterMenuCloses = useRef(false);
  // Mounted from its first opening on, so closing it still animates and returns focus.
  const [dialogUsed, setDialogUsed] = useState(false);
  if (dialog.open && !dialogUsed) setDialogUsed(true);

  let control: ReactNode;
  if (isLoadingBlogs) {
    control = (
      <Button variant="outline" disabled>
        Loading blogs...
      </Button>
    );
  } else if (blogsError || !blogs) {
    control = (
      <Button variant="outline" disabled>
        Failed to load blogs
      </Button>
    );
  } else if (blogs.length === 0) {
    control = (
      <Button onClick={() => dialog.setOpen(true)}>
        <PlusIcon aria-hidden="true" />
        Create Your First Blog
      </Button>
    );
  } else {
    control = (
      <BlogSwitcherMenu
        blogs={blogs}
        selectedBlogId={selectedBlog?.id ?? ""}
        onSelectBlog={selectBlog}
        onCreateBlog={() => {
          createAfterMenuCloses.current = true;
        }}
        onCloseAutoFocus={() => {
          // Open the dialog once the menu has closed and focus is back on its trigger,
          // so the dialog gives focus back there too.
          if (!createAfterMenuCloses.current) return;
          createAfterMenuCloses.current = false;
          setTimeout(() => dialog.setOpen(true), 0);
        }}
        trigger={
          <Button
            id={blogSwitcherTriggerId}
            variant="outline"
            className="max-w-[11rem] justify-between sm:max-w-xs"
          >
            <span className="sr-only">Current blog: </span>
            <span className="truncate">{selectedBlog?.name ?? "Choose a blog"}</span>
            <ChevronsUpDownIcon aria-hidden="true" className="opacity-60" />
          </Button>
        }
      />
    );
  }

  return (
    <>
      {control}
      {dialogUsed ? (
        <Suspense fallback={null}>
          <CreateBlogDialog
            open={dialog.open}
            onOpenChange={dialog.setOpen}
            onCreated={(blog) => selectBlog(blog.id)}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              const origin = dialog.openedFrom.current;
              if (origin?.isConnected) origin.focus();
              else document.getElementById(blogSwitcherTriggerId)?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
