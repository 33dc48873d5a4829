import type { AnalyticsRange } from "@contracts/analytics.ts";
import type { AutomationSettings } from "@contracts/automation.ts";
import type { Blog } from "@contracts/blogs.ts";
import { limits } from "@contracts/limits.ts";
import { format, parseISO } from "date-fns";
import {
  CalendarDaysIcon,
  CalendarRangeIcon,
  CheckCircle2Icon,
  PencilLineIcon,
  SettingsIcon,
} from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { BarChart } from "../../../components/bar-chart.tsx";
import { plural } from "../../../components/bar-chart-data.ts";
import { BlogScreen } from "../../../components/blog-screen.tsx";
import { ClickChart } from "../../../components/click-chart.tsx";
import { LoadError } from "../../../components/load-error.tsx";
import { MetricCard } from "../../../components/metric-card.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { PostsLoadError } from "../../../components/posts-load-error.tsx";
import { TitledCard } from "../../../components/titled-card.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { useAffiliateRecommendations } from "../../../lib/api/get-affiliate-recommendations.ts";
import { useAiUsage } from "../../../lib/api/get-ai-usage.ts";
import { useAutomation } from "../../../lib/api/get-automation.ts";
import { usePosts } from "../../../lib/api/get-posts.ts";
import { useAffiliateClicks } from "../api/get-affiliate-clicks.ts";
import { useBlogAnalytics } from "../api/get-blog-analytics.ts";
import { useFleetRisk } from "../api/get-fleet-risk.ts";
import { AiUsageCard } from "./ai-usage-card.tsx";
import { ClickThrough } from "./click-through.tsx";
import { FleetRiskCard } from "./fleet-risk-card.tsx";
import { FleetTable } from "./fleet-table.tsx";
import {
  automationSchedule,
  postMetrics,
  publishedPerWeek,
  recommendationCounts,
} from "./performance-stats.ts";
import { RangeSelect, ReaderAnalytics } from "./reader-analytics.tsx";
import { RevenueCard } from "./revenue-card.tsx";

/** How many weeks the published-posts chart covers. */
const chartWeeks = 12;

/**
 * Performance: automation status, post metrics, AI affiliate
 * recommendations and the content overview; beyond those, published posts per week and
 * affiliate clicks per day (issue 8).
 */
export function PerformancePage() {
  return <BlogScreen title="Performance">{(blog) => <PerformanceReport blog={blog} />}</BlogScreen>;
}

/** The screen for one blog (exported for its component test). */
export function PerformanceReport({ blog }: { blog: Blog }) {
  const posts = usePosts(blog.id);
  const automation = useAutomation(blog.id);
  const recommendations = useAffiliateRecommendations(blog.id);
  const clicks = useAffiliateClicks(blog.id);
  const usage = useAiUsage();
  const fleetRisk = useFleetRisk();
  const [range, setRange] = useState<AnalyticsRange>("30d");
  const analytics = useBlogAnalytics(blog.id, range);
  const fileBase = `${blog.slug}-${range}`;
  const now = new Date();
  const metrics = posts.data ? postMetrics(posts.data, now) : undefined;
  const shown = (value: number | undefined) => value ?? "–";
  const counts = recommendations.data ? recommendationCounts(recommendations.data) : undefined;
  const topics = automation.data?.topics ?? [];

  return (
    <div className="space-y-8">
      <PageHeader
        title="Performance"
        description={`How ${blog.name} is doing: content output, automation and affiliate programs.`}
      />

      <RangeSelect value={range} onChange={setRange} />

      <ReaderAnalytics
        blog={blog}
        range={range}
        report={analytics.data}
        failed={Boolean(analytics.error)}
        onRetry={() => void analytics.mutate()}
      />

      <AutomationStatus
        settings={automation.data}
        failed={Boolean(automation.error) && automation.data === undefined}
        onRetry={() => void automation.mutate()}
      />

      <AiUsageCard
        report={usage.data}
        failed={Boolean(usage.error) && usage.data === undefined}
        onRetry={() => void usage.mutate()}
      />

      <FleetRiskCard
        risk={fleetRisk.data}
        failed={Boolean(fleetRisk.error) && fleetRisk.data === undefined}
        onRetry={() => void fleetRisk.mutate()}
      />

      <section aria-labelledby="post-metrics" className="space-y-4">
        <h2 id="post-metrics" className="sr-only">
          Post metrics
        </h2>
        {posts.error && !posts.data ? (
          <PostsLoadError error={posts.error} onRetry={() => void posts.mutate()} />
        ) : (
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <MetricCard
              title="This Week"
              value={shown(metrics?.thisWeek)}
              icon={CalendarDaysIcon}
            />
            <MetricCard
              title="This Month"
              value={shown(metrics?.thisMonth)}
              icon={CalendarRangeIcon}
            />
            <MetricCard
              title="Published"
              value={shown(metrics?.published)}
              icon={CheckCircle2Icon}
            />
            <MetricCard title="Drafts" value={shown(metrics?.drafts)} icon={PencilLineIcon} />
          </div>
        )}
        <p className="text-xs text-muted-foreground">
          This Week and This Month count posts created in the last {limits.weekDays} and{" "}
          {limits.monthDays} days.
        </p>
      </section>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <TitledCard
          id="published-chart-title"
          title="Published Posts"
          description="Weeks run Monday to Sunday; this week is the last bar."
        >
          {posts.data ? (
            <PublishedChart posts={posts.data} now={now} />
          ) : (
            <Pending failed={Boolean(posts.error)} what="posts" />
          )}
        </TitledCard>

        <TitledCard
          id="clicks-chart-title"
          title="Affiliate Clicks"
          description={`All affiliate links of ${blog.name}. Search engines, AI crawlers and prefetches are not counted.`}
        >
          {clicks.data ? (
            <ClickChart
              caption={`Clicks per day, last ${clicks.data.days.length} days`}
              days={clicks.data.days.map((d) => ({
                day: d.date,
                clicks: d.clicks,
                unique: d.uniqueClicks,
              }))}
            />
          ) : (
            <Pending
              failed={Boolean(clicks.error)}
              what="clicks"
              onRetry={() => void clicks.mutate()}
            />
          )}
        </TitledCard>
      </div>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <TitledCard
          id="ctr-title"
          title="Affiliate Click-Through"
          description="Clicks ÷ page views over the chosen range, beside the clicks per day."
        >
          {analytics.data ? (
            <ClickThrough report={analytics.data} fileBase={fileBase} />
          ) : (
            <Pending
              failed={Boolean(analytics.error)}
              what="click-through"
              onRetry={() => void analytics.mutate()}
            />
          )}
        </TitledCard>
        <RevenueCard report={analytics.data} fileBase={fileBase} />
      </div>

      <FleetTable range={range} />

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <TitledCard
          id="recommendations-title"
          title="AI Affiliate Recommendations"
          description={`Programs suggested for ${blog.name}, by your decision.`}
          contentClassName="space-y-4"
        >
          {recommendations.error && !recommendations.data ? (
            <Pending failed what="recommendations" onRetry={() => void recommendations.mutate()} />
          ) : (
            <FigureList
              items={[
                { term: "Pending", value: shown(counts?.pending) },
                { term: "Approved", value: shown(counts?.approved) },
                { term: "Rejected", value: shown(counts?.rejected) },
              ]}
            />
          )}
          <Button asChild variant="outline" size="sm">
            <Link to="/affiliate-recommendations">Review recommendations</Link>
          </Button>
        </TitledCard>

        <TitledCard
          id="overview-title"
          title="Content Overview"
          description={`All posts of ${blog.name}, whatever their date.`}
        >
          <FigureList
            items={[
              { term: "Total Posts", value: shown(metrics?.total) },
              { term: "Publish Rate", value: metrics ? `${metrics.publishRate}%` : "–" },
              ...(topics.length > 0 ? [{ term: "Topics Configured", value: topics.length }] : []),
            ]}
          />
        </TitledCard>
      </div>
    </div>
  );
}

function AutomationStatus({
  settings,
  failed,
  onRetry,
}: {
  settings: AutomationSettings | null | undefined;
  failed: boolean;
  onRetry: () => void;
}) {
  const active = settings?.enabled === true;
  return (
    <TitledCard
      id="automation-status-title"
      title="Content Automation"
      actionBesideTitle
      action={
        settings !== undefined && (
          <Badge variant={active ? "default" : "secondary"}>{active ? "Active" : "Inactive"}</Badge>
        )
      }
    >
      {failed ? (
        <Pending failed what="automation settings" onRetry={onRetry} />
      ) : settings === undefined ? (
        <Pending failed={false} what="automation settings" />
      ) : active ? (
        <FigureList
          items={[
            {
              term: "Last generated",
              value: settings.lastGeneratedAt ? (
                <time dateTime={settings.lastGeneratedAt}>
                  {format(parseISO(settings.lastGeneratedAt), "MMM d, yyyy 'at' h:mm a")}
                </time>
              ) : (
                "Not yet: the first post is on its way"
              ),
            },
            { term: "Schedule", value: automationSchedule(settings) },
            ...(settings.skipReason ? [{ term: "Status", value: settings.skipReason }] : []),
          ]}
          small
        />
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-muted-foreground">
            Enable automation in Settings to start generating content
          </p>
          <Button asChild variant="outline" size="sm">
            <Link to="/settings">
              <SettingsIcon aria-hidden="true" />
              Open Settings
            </Link>
          </Button>
        </div>
      )}
    </TitledCard>
  );
}

/** Labelled figures as a description list: name above, value below. */
function FigureList({
  items,
  small = false,
}: {
  items: readonly { term: string; value: ReactNode }[];
  small?: boolean;
}) {
  return (
    <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3">
      {items.map(({ term, value }) => (
        <div key={term} className="rounded-lg border p-4">
          <dt className="text-sm text-muted-foreground">{term}</dt>
          <dd
            className={
              small ? "mt-1 text-sm font-medium" : "mt-1 text-2xl font-semibold tabular-nums"
            }
          >
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function PublishedChart({
  posts,
  now,
}: {
  posts: Parameters<typeof publishedPerWeek>[0];
  now: Date;
}) {
  const chart = publishedPerWeek(posts, now, chartWeeks);
  return (
    <BarChart
      caption={`Posts published per week, last ${chartWeeks} weeks`}
      summary={chart.summary}
      bars={chart.bars}
      max={chart.max}
      tooltip={(bar) => `Week of ${bar.label}: ${plural(bar.value, "post")} published`}
      tableToggle="Show posts per week as a table"
      table={{
        headers: ["Week of", "Published"],
        rows: chart.bars.map((bar) => ({
          key: bar.weekStart,
          label: bar.label,
          dateTime: bar.weekStart,
          values: [bar.value],
        })),
      }}
    />
  );
}

/** Loading text, or what failed with a way to try again. */
function Pending({
  failed,
  what,
  onRetry,
}: {
  failed: boolean;
  what: string;
  onRetry?: () => void;
}) {
  if (!failed)
    return (
      <p role="status" className="py-6 text-center text-sm text-muted-foreground">
        Loading {what}...
      </p>
    );
  return (
    <LoadError
      variant="card"
      title={`Failed to load ${what}`}
      retryLabel="Try again"
      onRetry={onRetry}
    />
  );
}
