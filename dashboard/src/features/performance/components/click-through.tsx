import type { BlogAnalytics } from "@contracts/analytics.ts";
import { money, percent } from "./analytics-data.ts";
import { ReportTable } from "./report-table.tsx";

/**
 * Affiliate click-through over the chosen range: clicks ÷ page views per post, and per link
 * (a link may appear in any post, so its views are the blog's).
 */
export function ClickThrough({ report, fileBase }: { report: BlogAnalytics; fileBase: string }) {
  const currency = report.revenue.currency;
  return (
    <div className="space-y-6">
      <ReportTable
        id="ctr-posts"
        title="Click-Through by Post"
        rows={report.topPosts}
        rowKey={(r) => r.key}
        columns={[
          { header: "Post", cell: (r) => r.label, csv: (r) => r.label },
          { header: "Views", cell: (r) => r.views, csv: (r) => r.views, numeric: true },
          { header: "Clicks", cell: (r) => r.clicks, csv: (r) => r.clicks, numeric: true },
          { header: "CTR", cell: (r) => percent(r.ctr), csv: (r) => r.ctr, numeric: true },
        ]}
        empty="No post was read in this range."
        fileName={`${fileBase}-ctr-posts.csv`}
      />
      <ReportTable
        id="ctr-links"
        title="Click-Through by Link"
        rows={report.links}
        rowKey={(r) => r.id}
        columns={[
          { header: "Link", cell: (r) => r.keyword, csv: (r) => r.keyword },
          { header: "Clicks", cell: (r) => r.clicks, csv: (r) => r.clicks, numeric: true },
          { header: "CTR", cell: (r) => percent(r.ctr), csv: (r) => r.ctr, numeric: true },
          {
            header: "Revenue",
            cell: (r) => money(r.revenue, currency),
            csv: (r) => r.revenue,
            numeric: true,
          },
          { header: "EPC", cell: (r) => money(r.epc, currency), csv: (r) => r.epc, numeric: true },
        ]}
        empty="No affiliate links yet."
        fileName={`${fileBase}-ctr-links.csv`}
      />
    </div>
  );
}
