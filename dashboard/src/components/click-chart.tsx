import { BarChart } from "./bar-chart.tsx";
import { plural } from "./bar-chart-data.ts";
import { type ClickDay, clickChart } from "./click-chart-data.ts";

/** Affiliate clicks per day for the last 30 days (one link, or all links of a blog). */
export function ClickChart({
  days,
  caption = "Clicks per day, last 30 days",
}: {
  days: readonly ClickDay[];
  caption?: string;
}) {
  const chart = clickChart(days);
  return (
    <BarChart
      caption={caption}
      summary={chart.summary}
      bars={chart.bars.map((bar) => ({
        key: bar.day,
        label: bar.label,
        value: bar.clicks,
        heightPercent: bar.heightPercent,
      }))}
      max={chart.max}
      tooltip={(bar) => `${bar.label}: ${plural(bar.value, "click")}`}
      tableToggle="Show clicks per day as a table"
      table={{
        headers: ["Day", "Clicks", "Unique"],
        rows: chart.bars.map((bar) => ({
          key: bar.day,
          label: bar.label,
          dateTime: bar.day,
          values: [bar.clicks, bar.unique],
        })),
      }}
    />
  );
}
