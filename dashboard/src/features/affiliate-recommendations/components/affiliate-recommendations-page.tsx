import { BlogScreen } from "../../../components/blog-screen.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { ScreenPlaceholder } from "../../../components/screen-placeholder.tsx";

/** AI Recommendations: the screen's frame; its content arrives with its own issue. */
export function AffiliateRecommendationsPage() {
  return (
    <BlogScreen title="AI Recommendations">
      {(blog) => (
        <div className="space-y-6">
          <PageHeader
            title="AI Recommendations"
            description={`Affiliate programs the AI suggests for ${blog.name}, for you to approve or reject.`}
          />
          <ScreenPlaceholder />
        </div>
      )}
    </BlogScreen>
  );
}
