import { BlogScreen } from "../../../components/blog-screen.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { ScreenPlaceholder } from "../../../components/screen-placeholder.tsx";

/** Affiliate Links: the screen's frame; its content arrives with its own issue. */
export function AffiliateLinksPage() {
  return (
    <BlogScreen title="Affiliate Links">
      {(blog) => (
        <div className="space-y-6">
          <PageHeader
            title="Affiliate Links"
            description={`Keywords that become affiliate links in the posts of ${blog.name}.`}
          />
          <ScreenPlaceholder />
        </div>
      )}
    </BlogScreen>
  );
}
