import { BlogScreen } from "../../../components/blog-screen.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { ScreenPlaceholder } from "../../../components/screen-placeholder.tsx";

/** AI Blog Recommendations: the screen's frame; its content arrives with its own issue. */
export function BlogRecommendationsPage() {
  return (
    <BlogScreen title="AI Blog Recommendations">
      {() => (
        <div className="space-y-6">
          <PageHeader
            title="AI Blog Recommendations"
            description={"Profitable blog ideas the AI researches and proposes every week."}
          />
          <ScreenPlaceholder />
        </div>
      )}
    </BlogScreen>
  );
}
