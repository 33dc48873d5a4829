import { DownloadIcon, LayoutGridIcon, PlusIcon, SparklesIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useSWRConfig } from "swr";
import { LoadError } from "../../../components/load-error.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { blogsKey } from "../../../lib/api/get-blogs.ts";
import { useCreateBlogDialog } from "../../../lib/create-blog-dialog-context.tsx";
import { useSelectedBlog } from "../../../lib/selected-blog-context.tsx";
import { BlogCard } from "./blog-card.tsx";
import { FleetOverview } from "./fleet-overview.tsx";
import { InfoPanels } from "./info-panels.tsx";

/**
 * My Blogs: every blog of the owner, not only the selected one, so this
 * screen does not need a selected blog.
 */
export function MyBlogsPage() {
  const { blogs, blogsError, isLoadingBlogs } = useSelectedBlog();
  const { setOpen } = useCreateBlogDialog();
  const { mutate } = useSWRConfig();

  let content: ReactNode;
  if (isLoadingBlogs) {
    content = (
      <p role="status" className="py-16 text-center text-sm text-muted-foreground">
        Loading blogs...
      </p>
    );
  } else if (!blogs) {
    content = (
      <LoadError
        variant="page"
        title="Failed to load blogs"
        message={
          <>
            {blogsError ? "Your blogs could not be loaded." : "Your blogs are not loaded yet."} Try
            again in a moment.
          </>
        }
        retryLabel="Retry"
        onRetry={() => void mutate(blogsKey)}
      />
    );
  } else if (blogs.length === 0) {
    content = (
      <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-16 text-center">
        <LayoutGridIcon aria-hidden="true" className="size-10 text-muted-foreground" />
        <h2 className="text-xl font-semibold">No blogs yet</h2>
        <p className="max-w-md text-sm text-muted-foreground">
          Create your first blog, or let AI suggest niches worth writing about.
        </p>
        <div className="mt-2 flex flex-wrap justify-center gap-2">
          <Button asChild>
            <Link to="/blog-recommendations">
              <SparklesIcon aria-hidden="true" />
              View AI Recommendations
            </Link>
          </Button>
          <Button variant="outline" onClick={() => setOpen(true)}>
            <PlusIcon aria-hidden="true" />
            Create a blog
          </Button>
        </div>
      </div>
    );
  } else {
    content = (
      <>
        <FleetOverview />
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
          {blogs.map((blog) => (
            <BlogCard key={blog.id} blog={blog} />
          ))}
        </div>
      </>
    );
  }

  return (
    <div className="space-y-6">
      <PageHeader
        title="My Blogs"
        description="Every blog you run, with its addresses and preview links."
        actions={
          blogs && blogs.length > 0 ? (
            <div className="flex flex-wrap gap-2">
              <Button asChild variant="outline">
                <a href="/api/export" download>
                  <DownloadIcon aria-hidden="true" />
                  Export All Blogs
                </a>
              </Button>
              <Button variant="outline" onClick={() => setOpen(true)}>
                <PlusIcon aria-hidden="true" />
                Create New Blog
              </Button>
            </div>
          ) : undefined
        }
      />
      {content}
      <InfoPanels />
    </div>
  );
}
