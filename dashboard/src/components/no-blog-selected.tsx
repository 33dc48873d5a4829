import { FolderOpenIcon, PlusIcon } from "lucide-react";
import { useCreateBlogDialog } from "../lib/create-blog-dialog-context.tsx";
import { useSelectedBlog } from "../lib/selected-blog-context.tsx";
import { Button } from "./ui/button.tsx";

/** Every dashboard screen works on a blog; without one it says so. */
export function NoBlogSelected() {
  const { blogs, blogsError } = useSelectedBlog();
  const { setOpen } = useCreateBlogDialog();
  const noBlogs = blogs !== undefined && blogs.length === 0;
  return (
    <div className="flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed px-6 py-16 text-center">
      <FolderOpenIcon aria-hidden="true" className="size-10 text-muted-foreground" />
      <h2 className="text-xl font-semibold">No Blog Selected</h2>
      <p className="max-w-md text-sm text-muted-foreground">
        {blogsError
          ? "Your blogs could not be loaded. Reload the page to try again."
          : noBlogs
            ? "Create a blog to get started. Every screen of the dashboard works on the blog chosen in the header."
            : "Choose a blog with the blog selector in the header."}
      </p>
      {noBlogs && (
        <Button className="mt-2" onClick={() => setOpen(true)}>
          <PlusIcon aria-hidden="true" />
          Create a blog
        </Button>
      )}
    </div>
  );
}
