import { BlogScreen } from "../../../components/blog-screen.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { ScreenPlaceholder } from "../../../components/screen-placeholder.tsx";

/** My Blogs: the screen's frame; its content arrives with its own issue. */
export function MyBlogsPage() {
  return (
    <BlogScreen title="My Blogs">
      {() => (
        <div className="space-y-6">
          <PageHeader
            title="My Blogs"
            description={"Every blog you run, with its addresses and preview links."}
          />
          <ScreenPlaceholder />
        </div>
      )}
    </BlogScreen>
  );
}
