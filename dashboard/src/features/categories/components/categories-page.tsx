import { BlogScreen } from "../../../components/blog-screen.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { ScreenPlaceholder } from "../../../components/screen-placeholder.tsx";

/** Categories: the screen's frame; its content arrives with its own issue. */
export function CategoriesPage() {
  return (
    <BlogScreen title="Categories">
      {(blog) => (
        <div className="space-y-6">
          <PageHeader
            title="Categories"
            description={`Organize the posts of ${blog.name} in a category tree.`}
          />
          <ScreenPlaceholder />
        </div>
      )}
    </BlogScreen>
  );
}
