import { BarChart } from "../../../components/bar-chart.tsx";
import { LoadError } from "../../../components/load-error.tsx";
import { TitledCard } from "../../../components/titled-card.tsx";
import { useSubscriberGrowth } from "../../../lib/api/subscribers.ts";
import { errorMessage } from "../../../lib/api-client.ts";
import { dayLabel, growthChart } from "./subscriber-growth.ts";

const days = 90;

/** The list day by day over the last 90 days: subscribed at each day's end, who joined and left. */
export function SubscriberGrowthCard({ blogId }: { blogId: string }) {
  const { data, error, mutate } = useSubscriberGrowth(blogId, days);
  return (
    <TitledCard
      id="subscriber-growth-title"
      title="Subscribers over time"
      description="Subscribed addresses at the end of each day (UTC), from their consent until they left."
    >
      {error ? (
        <LoadError
          variant="inline"
          message={errorMessage(error, "Failed to load the growth of the list.")}
          retryLabel="Retry"
          onRetry={() => void mutate()}
        />
      ) : !data ? (
        <p role="status" className="text-sm text-muted-foreground">
          Loading growth...
        </p>
      ) : (
        <Growth days={data.days} />
      )}
    </TitledCard>
  );
}

function Growth({ days: list }: { days: Parameters<typeof growthChart>[0] }) {
  const chart = growthChart(list);
  return (
    <BarChart
      caption={`Subscribers, last ${days} days`}
      summary={chart.summary}
      bars={chart.bars}
      max={chart.max}
      tooltip={(bar) => `${bar.label}: ${bar.value} subscribed`}
      tableToggle="Show subscribers per day as a table"
      table={{
        headers: ["Day", "Subscribed", "Joined", "Left"],
        rows: list.map((d) => ({
          key: d.day,
          label: dayLabel(d.day),
          dateTime: d.day,
          values: [d.subscribed, d.joined, d.left],
        })),
      }}
    />
  );
}
