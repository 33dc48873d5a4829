import { BlogScreen } from "../../../components/blog-screen.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { ScreenPlaceholder } from "../../../components/screen-placeholder.tsx";

/** Dashboard: the screen's frame; its content arrives with its own issue. */
export function DashboardPage() {
  return (
    <BlogScreen title="Dashboard">
      {(blog) => (
        <div className="space-y-6">
          <PageHeader
            title="Dashboard"
            description={`Welcome back. Here is how ${blog.name} is doing.`}
          />
          <ScreenPlaceholder>
            Post counts, recent posts and quick actions for this blog arrive here soon.
          </ScreenPlaceholder>
        </div>
      )}
    </BlogScreen>
  );
}
