import {
  type AnalyticsRange,
  analyticsRanges,
  type BlogAnalytics,
  type RankedRow,
  rangeLabels,
} from "@contracts/analytics.ts";
import type { Blog } from "@contracts/blogs.ts";
import { BanIcon, EyeIcon, FileQuestionIcon, UsersIcon } from "lucide-react";
import { BarChart } from "../../../components/bar-chart.tsx";
import { plural } from "../../../components/bar-chart-data.ts";
import { MetricCard } from "../../../components/metric-card.tsx";
import { fieldClasses } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { Switch } from "../../../components/ui/switch.tsx";
import { useToast } from "../../../components/ui/use-toast.ts";
import { errorMessage } from "../../../lib/api-client.ts";
import { cn } from "../../../lib/cn.ts";
import { useAnalyticsSettings } from "../api/get-analytics-settings.ts";
import { useUpdateAnalyticsSettings } from "../api/update-analytics-settings.ts";
import { excludedReasons, referrerKinds, trafficChart } from "./analytics-data.ts";
import { ReportCard } from "./report-card.tsx";
import { type ReportColumn, ReportTable } from "./report-table.tsx";

const viewColumns: ReportColumn<RankedRow>[] = [
  { header: "Views", cell: (r) => r.views, csv: (r) => r.views, numeric: true },
  { header: "Visitors", cell: (r) => r.visitors, csv: (r) => r.visitors, numeric: true },
];
const labelled = (header: string): ReportColumn<RankedRow> => ({
  header,
  cell: (r) => r.label,
  csv: (r) => r.label,
});

/** The range picker shared by the blog's reports and the fleet view. */
export function RangeSelect({
  value,
  onChange,
}: {
  value: AnalyticsRange;
  onChange: (range: AnalyticsRange) => void;
}) {
  return (
    <div className="flex items-center gap-2">
      <Label htmlFor="analytics-range">Range</Label>
      <select
        id="analytics-range"
        className={cn(fieldClasses, "w-auto")}
        value={value}
        onChange={(event) => onChange(event.target.value as AnalyticsRange)}
      >
        {analyticsRanges.map((range) => (
          <option key={range} value={range}>
            {rangeLabels[range]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Readers of one blog over the chosen range (issue 18): totals, chart and ranked tables. */
export function ReaderAnalytics({
  blog,
  range,
  report,
  failed,
  onRetry,
}: {
  blog: Blog;
  range: AnalyticsRange;
  report: BlogAnalytics | undefined;
  failed: boolean;
  onRetry: () => void;
}) {
  const file = (what: string) => `${blog.slug}-${what}-${range}.csv`;
  // A ranked table: its first columns, then views and visitors.
  const ranked = <T extends RankedRow>(table: {
    id: string;
    title: string;
    rows: readonly T[];
    first: ReportColumn<T>[];
    empty: string;
    file: string;
  }) => (
    <ReportTable
      key={table.id}
      id={table.id}
      title={table.title}
      rows={table.rows}
      rowKey={(r) => r.key}
      columns={[...table.first, ...viewColumns]}
      empty={table.empty}
      fileName={file(table.file)}
    />
  );
  return (
    <ReportCard
      id="readers-title"
      title="Readers"
      description={`Page views and unique visitors of ${blog.name}, ${rangeLabels[range].toLowerCase()}. No cookies; visitors are counted per day.`}
      report={report}
      failed={failed}
      onRetry={onRetry}
      failedTitle="Failed to load readers"
      loadingText="Loading readers..."
      after={<CountingSettings blogId={blog.id} />}
    >
      {(report) => (
        <>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <MetricCard title="Page Views" value={report.totals.views} icon={EyeIcon} />
            <MetricCard title="Visitors" value={report.totals.visitors} icon={UsersIcon} />
            <MetricCard title="Not Counted" value={report.totals.excluded} icon={BanIcon} />
            <MetricCard
              title="Pages Not Found"
              value={report.totals.notFound}
              icon={FileQuestionIcon}
            />
          </div>
          <p className="text-xs text-muted-foreground">
            Last 24 hours: {plural(report.last24h.views, "view")},{" "}
            {plural(report.last24h.visitors, "visitor")}. Not counted:{" "}
            {report.excluded.length === 0
              ? "nothing"
              : report.excluded
                  .map((e) => `${excludedReasons[e.reason] ?? e.reason} ${e.hits}`)
                  .join(", ")}
            .
          </p>
          <TrafficChart report={report} range={range} />
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
            {ranked({
              id: "top-posts",
              title: "Top Posts",
              rows: report.topPosts,
              first: [labelled("Post")],
              empty: "No post was read in this range.",
              file: "top-posts",
            })}
            {ranked({
              id: "top-referrers",
              title: "Top Referrers",
              rows: report.referrers,
              first: [
                labelled("Referrer"),
                {
                  header: "Type",
                  cell: (r) => referrerKinds[r.kind] ?? r.kind,
                  csv: (r) => referrerKinds[r.kind] ?? r.kind,
                },
              ],
              empty: "No visits came from other sites in this range.",
              file: "referrers",
            })}
            {ranked({
              id: "utm-campaigns",
              title: "UTM Campaigns",
              rows: report.campaigns,
              first: [
                { header: "Source", cell: (r) => r.source || "–", csv: (r) => r.source },
                { header: "Medium", cell: (r) => r.medium || "–", csv: (r) => r.medium },
                { header: "Campaign", cell: (r) => r.campaign || "–", csv: (r) => r.campaign },
              ],
              empty: "No visit carried UTM parameters in this range.",
              file: "campaigns",
            })}
            {(
              [
                ["devices", "Devices", report.devices, "Device", "No page views in this range."],
                [
                  "browsers",
                  "Browsers",
                  report.browsers,
                  "Browser",
                  "No page views in this range.",
                ],
                [
                  "entry-pages",
                  "Entry Pages",
                  report.entryPages,
                  "Page",
                  "No visits began in this range.",
                ],
              ] as const
            ).map(([id, title, rows, label, empty]) =>
              ranked({ id, title, rows, first: [labelled(label)], empty, file: id }),
            )}
            <ReportTable
              id="not-found-pages"
              title="Pages Not Found"
              rows={report.notFoundPages}
              rowKey={(r) => r.key}
              columns={[
                labelled("Address"),
                { header: "Hits", cell: (r) => r.views, csv: (r) => r.views, numeric: true },
              ]}
              empty="No reader met a missing page in this range."
              fileName={file("not-found")}
            />
          </div>
        </>
      )}
    </ReportCard>
  );
}

function TrafficChart({ report, range }: { report: BlogAnalytics; range: AnalyticsRange }) {
  const chart = trafficChart(report.series, range);
  const monthly = range === "12m";
  return (
    <BarChart
      caption={`Page views per ${monthly ? "month" : "day"}, ${rangeLabels[range].toLowerCase()}`}
      summary={chart.summary}
      bars={chart.bars}
      max={chart.max}
      tooltip={(bar) => `${bar.label}: ${plural(bar.value, "view")}`}
      tableToggle={`Show views and visitors per ${monthly ? "month" : "day"} as a table`}
      table={{
        headers: [monthly ? "Month" : "Day", "Views", "Visitors"],
        rows: chart.bars.map((bar) => ({
          key: bar.period,
          label: bar.label,
          dateTime: bar.period,
          values: [bar.value, bar.visitors],
        })),
      }}
    />
  );
}

/** Counting on/off, Do Not Track, and how long raw page views are kept. */
function CountingSettings({ blogId }: { blogId: string }) {
  const settings = useAnalyticsSettings(blogId);
  const update = useUpdateAnalyticsSettings(blogId);
  const { toast } = useToast();
  const change = async (input: { enabled?: boolean; honorDoNotTrack?: boolean }) => {
    try {
      await update(input);
    } catch (error) {
      toast({
        title: "Error",
        description: errorMessage(error, "The setting could not be saved."),
        variant: "destructive",
      });
    }
  };
  if (!settings.data) return null;
  return (
    <div className="space-y-3 rounded-lg border p-4 text-sm">
      <div className="flex items-center gap-3">
        <Switch
          id="count-readers"
          checked={settings.data.enabled}
          onCheckedChange={(enabled) => void change({ enabled })}
        />
        <Label htmlFor="count-readers">Count readers</Label>
      </div>
      <div className="flex items-center gap-3">
        <Switch
          id="honor-dnt"
          checked={settings.data.honorDoNotTrack}
          onCheckedChange={(honorDoNotTrack) => void change({ honorDoNotTrack })}
        />
        <Label htmlFor="honor-dnt">
          Do not count browsers that send Global Privacy Control or Do Not Track
        </Label>
      </div>
      <p className="text-muted-foreground">
        Raw page views are kept {settings.data.rawHitRetentionDays} days, then only daily totals
        remain. The blog's privacy page, linked from every page's footer, says so to readers.
      </p>
    </div>
  );
}
