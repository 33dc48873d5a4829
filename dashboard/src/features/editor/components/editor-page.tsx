import { BlogScreen } from "../../../components/blog-screen.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { ScreenPlaceholder } from "../../../components/screen-placeholder.tsx";

/** Editor: the screen's frame; its content arrives with its own issue. */
export function EditorPage() {
  return (
    <BlogScreen title="Editor">
      {(blog) => (
        <div className="space-y-6">
          <PageHeader
            title="Editor"
            description={`Write, schedule and publish posts for ${blog.name}.`}
          />
          <ScreenPlaceholder />
        </div>
      )}
    </BlogScreen>
  );
}
