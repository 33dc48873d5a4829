import type { AiUsageReport } from "@contracts/ai-usage.ts";
import { format, parseISO } from "date-fns";
import { BarChart } from "../../../components/bar-chart.tsx";
import { DataTable } from "../../../components/data-table.tsx";
import {
  allowancePercent,
  costText,
  postLabel,
  tokens,
  unpricedNote,
  usageByFeature,
  usageChart,
} from "./ai-usage-data.ts";
import { ReportCard, type ReportLoad } from "./report-card.tsx";

/**
 * The owner's AI spend (issue 12): today's tokens against the daily allowance, the last 30
 * days as a chart, which features used them, and what they cost by feature and by post as
 * estimated from the server's prices (decision 332). Usage is the owner's, across all blogs.
 */
export function AiUsageCard({
  report,
  ...load
}: { report: AiUsageReport | undefined } & ReportLoad) {
  return (
    <ReportCard
      id="ai-usage-title"
      title="AI Usage"
      description="Tokens used by every AI feature across all your blogs. The daily allowance renews at midnight UTC."
      report={report}
      {...load}
      failedTitle="Failed to load AI usage"
      loadingText="Loading AI usage..."
    >
      {(loaded) => <UsageReport report={loaded} />}
    </ReportCard>
  );
}

/** A column of figures: head and cells on the right, digits of one width. */
const figure = { headClassName: "text-right", cellClassName: "text-right tabular-nums" };

function UsageReport({ report }: { report: AiUsageReport }) {
  if (!report.configured)
    return (
      <p className="text-sm text-muted-foreground">
        No AI provider is configured, so the built-in offline writer is used: it costs nothing and
        nothing is counted. Set OPENAI_API_KEY on the server to use a model.
      </p>
    );
  const percent = allowancePercent(report);
  const chart = usageChart(report);
  const features = usageByFeature(report);
  const unpriced = unpricedNote(report);
  return (
    <>
      <div className="space-y-2">
        <p className="text-sm">
          <span className="text-2xl font-semibold tabular-nums">
            {report.today.total.toLocaleString("en-US")}
          </span>{" "}
          of {tokens(report.dailyLimit)} used today ({percent}%)
        </p>
        <div
          role="progressbar"
          aria-label="Today's AI allowance used"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-2 overflow-hidden rounded-full bg-muted"
        >
          <div
            className={percent >= 90 ? "h-full bg-error" : "h-full bg-primary"}
            style={{ width: `${percent}%` }}
          />
        </div>
        <p className="text-xs text-muted-foreground">
          Model {report.model}; {tokens(report.last30DaysTotal)} in the last 30 days.
        </p>
        <p className="text-sm">
          Estimated cost in the last 30 days:{" "}
          <span className="font-medium tabular-nums">{costText(report.last30DaysCost)}</span>
        </p>
      </div>
      <BarChart
        caption="AI tokens per day, last 30 days"
        summary={chart.summary}
        bars={chart.bars}
        max={chart.max}
        tooltip={(bar) => `${bar.label}: ${tokens(bar.value)}`}
        tableToggle="Show AI tokens per day as a table"
        table={{
          headers: ["Day", "Tokens"],
          rows: chart.bars.map((bar) => ({
            key: bar.key,
            label: format(parseISO(bar.key), "MMM d, yyyy"),
            dateTime: bar.key,
            values: [bar.value],
          })),
        }}
      />
      {features.length > 0 && (
        <DataTable
          aria-label="AI use by feature"
          rows={features}
          rowKey={(row) => row.feature}
          columns={[
            { key: "feature", header: "Feature", cell: (row) => row.label },
            {
              key: "today",
              header: "Today",
              cell: (row) => row.today.toLocaleString("en-US"),
              ...figure,
            },
            {
              key: "last30Days",
              header: "Last 30 days",
              cell: (row) => row.last30Days.toLocaleString("en-US"),
              ...figure,
            },
            { key: "cost", header: "Estimated cost (30 days)", cell: (row) => row.cost, ...figure },
          ]}
        />
      )}
      {report.posts.length > 0 && (
        <section aria-labelledby="ai-usage-posts-title" className="space-y-2">
          <h3 id="ai-usage-posts-title" className="text-sm font-medium">
            Posts that used the most AI, last 30 days
          </h3>
          <DataTable
            aria-labelledby="ai-usage-posts-title"
            rows={report.posts}
            rowKey={(post) => post.postId}
            columns={[
              {
                key: "post",
                header: "Post",
                cell: (post) => (
                  <>
                    <span className={post.title === null ? "text-muted-foreground" : undefined}>
                      {postLabel(post)}
                    </span>
                    {post.blogName && (
                      <span className="block text-xs text-muted-foreground">{post.blogName}</span>
                    )}
                  </>
                ),
              },
              {
                key: "tokens",
                header: "Tokens",
                cell: (post) => post.tokens.toLocaleString("en-US"),
                ...figure,
              },
              {
                key: "cost",
                header: "Estimated cost",
                cell: (post) => costText(post.cost),
                ...figure,
              },
            ]}
          />
        </section>
      )}
      {report.last30DaysTotal > 0 && (
        <p className="text-xs text-muted-foreground">
          Costs are estimates from the prices per model set on this server, not your AI provider's
          bill.{unpriced ? ` ${unpriced}` : ""}
        </p>
      )}
    </>
  );
}
