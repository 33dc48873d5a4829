import { BlogScreen } from "../../../components/blog-screen.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { ScreenPlaceholder } from "../../../components/screen-placeholder.tsx";

/** All Posts: the screen's frame; its content arrives with its own issue. */
export function PostsPage() {
  return (
    <BlogScreen title="All Posts">
      {(blog) => (
        <div className="space-y-6">
          <PageHeader
            title="All Posts"
            description={`Search, filter and manage the posts of ${blog.name}.`}
          />
          <ScreenPlaceholder />
        </div>
      )}
    </BlogScreen>
  );
}
