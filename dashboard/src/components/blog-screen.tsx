import type { Blog } from "@contracts/blogs.ts";
import type { ReactNode } from "react";
import { useSelectedBlog } from "../lib/selected-blog-context.tsx";
import { NoBlogSelected } from "./no-blog-selected.tsx";
import { PageHeader } from "./page-header.tsx";

/**
 * A dashboard screen that works on the selected blog: the screen's title
 * with 'Loading blogs...' while the list loads or 'No Blog Selected' without a blog;
 * otherwise the screen itself, for that blog.
 */
export function BlogScreen({
  title,
  children,
}: {
  title: string;
  children: (blog: Blog) => ReactNode;
}) {
  const { selectedBlog, isLoadingBlogs } = useSelectedBlog();
  if (selectedBlog) return <>{children(selectedBlog)}</>;
  return (
    <div className="space-y-6">
      <PageHeader title={title} />
      {isLoadingBlogs ? (
        <p role="status" className="py-16 text-center text-sm text-muted-foreground">
          Loading blogs...
        </p>
      ) : (
        <NoBlogSelected />
      )}
    </div>
  );
}
