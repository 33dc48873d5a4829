import type { FleetRisk } from "@contracts/fleet.ts";
import { DataTable } from "../../../components/data-table.tsx";
import { ReportCard, type ReportLoad } from "./report-card.tsx";

const percent = (share: number | null) => (share === null ? "–" : `${Math.round(share * 100)}%`);

/**
 * The fleet risk view (decision 343): per blog, posts per week over the last four weeks, the
 * share of AI posts published as the AI wrote them, the share a person reviewed, near-duplicate
 * posts across the owner's blogs, and a plain warning for every line a blog crossed.
 */
export function FleetRiskCard({ risk, ...load }: { risk: FleetRisk | undefined } & ReportLoad) {
  return (
    <ReportCard
      id="fleet-risk-title"
      title="Fleet Risk"
      description="How your blogs look to search engines as a fleet: publishing speed, AI text published without edits, review by a person and posts that repeat each other across blogs."
      report={risk}
      {...load}
      failedTitle="Failed to load the fleet risk view"
      loadingText="Loading fleet risk..."
    >
      {(loaded) => <RiskReport risk={loaded} />}
    </ReportCard>
  );
}

function RiskReport({ risk }: { risk: FleetRisk }) {
  if (risk.blogs.length === 0)
    return <p className="text-sm text-muted-foreground">You have no blogs yet.</p>;
  const warned = risk.blogs.filter((blog) => blog.warnings.length > 0);
  return (
    <>
      {warned.length > 0 ? (
        <ul aria-label="Warnings" className="space-y-2 text-sm">
          {warned.flatMap((blog) =>
            blog.warnings.map((warning) => (
              <li
                key={`${blog.blogId}:${warning}`}
                className="rounded-md border border-amber-300 bg-amber-50 p-2 text-amber-900"
              >
                <span className="font-medium">{blog.name}:</span> {warning}
              </li>
            )),
          )}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">No blog crosses a risk line.</p>
      )}
      <DataTable
        rows={risk.blogs}
        rowKey={(blog) => blog.blogId}
        columns={[
          { key: "blog", header: "Blog", cell: (blog) => blog.name },
          {
            key: "pace",
            header: "Posts per week (last 4)",
            cell: (blog) => [...blog.postsPerWeek].reverse().join(" · "),
          },
          {
            key: "unedited",
            header: "AI posts unedited",
            cell: (blog) => percent(blog.uneditedShare),
          },
          {
            key: "reviewed",
            header: "Reviewed by a person",
            cell: (blog) => percent(blog.reviewCoverage),
          },
          { key: "duplicates", header: "Near-duplicates", cell: (blog) => blog.nearDuplicates },
        ]}
      />
      {risk.nearDuplicates.length > 0 && (
        <section aria-labelledby="near-duplicates-title" className="space-y-2">
          <h3 id="near-duplicates-title" className="text-sm font-medium">
            Near-duplicate posts across your blogs
          </h3>
          <ul className="space-y-1 text-sm">
            {risk.nearDuplicates.map((pair) => (
              <li key={`${pair.a.postId}:${pair.b.postId}`}>
                “{pair.a.title}” ({pair.a.blogName}) and “{pair.b.title}” ({pair.b.blogName}):{" "}
                {Math.round(pair.similarity * 100)}% shared
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
