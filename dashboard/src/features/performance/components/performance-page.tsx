import { BlogScreen } from "../../../components/blog-screen.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { ScreenPlaceholder } from "../../../components/screen-placeholder.tsx";

/** Performance: the screen's frame; its content arrives with its own issue. */
export function PerformancePage() {
  return (
    <BlogScreen title="Performance">
      {(blog) => (
        <div className="space-y-6">
          <PageHeader
            title="Performance"
            description={`Content output, automation and affiliate recommendations of ${blog.name}.`}
          />
          <ScreenPlaceholder />
        </div>
      )}
    </BlogScreen>
  );
}
