import type { AffiliateLinkClicks } from "../../../../../contracts/affiliate-links.ts";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "../../../components/ui/table.tsx";
import { cn } from "../../../lib/cn.ts";
import { clickChart } from "./click-chart-data.ts";

/**
 * Clicks per day as CSS bars. The bars are decoration: the sentence under them says what they
 * show, and the numbers behind them are in a table a person can open.
 */
export function ClickChart({ days }: { days: AffiliateLinkClicks["days"] }) {
  const chart = clickChart(days);
  const first = chart.bars[0];
  const last = chart.bars.at(-1);
  return (
    <figure className="space-y-2">
      <figcaption className="text-sm font-medium">Clicks per day, last 30 days</figcaption>
      <div className="flex gap-2">
        <div
          aria-hidden="true"
          className="flex h-32 flex-col justify-between text-right text-xs text-muted-foreground tabular-nums"
        >
          <span>{chart.max}</span>
          <span>0</span>
        </div>
        <div
          aria-hidden="true"
          className="flex h-32 flex-1 items-end gap-px border-b border-l border-border px-px"
        >
          {chart.bars.map((bar) => (
            <div
              key={bar.day}
              title={`${bar.label}: ${bar.clicks} clicks`}
              className={cn("flex-1 rounded-t-sm", bar.clicks > 0 ? "bg-primary" : "bg-muted")}
              style={{ height: bar.clicks > 0 ? `${bar.heightPercent}%` : "2px" }}
            />
          ))}
        </div>
      </div>
      {first && last && (
        <div aria-hidden="true" className="flex justify-between pl-6 text-xs text-muted-foreground">
          <span>{first.label}</span>
          <span>{last.label}</span>
        </div>
      )}
      <p className="text-sm text-muted-foreground">{chart.summary}</p>
      <details className="text-sm">
        <summary className="cursor-pointer rounded-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring">
          Show clicks per day as a table
        </summary>
        <div className="mt-2">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead scope="col">Day</TableHead>
                <TableHead scope="col" className="text-right">
                  Clicks
                </TableHead>
                <TableHead scope="col" className="text-right">
                  Unique
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {chart.bars.map((bar) => (
                <TableRow key={bar.day}>
                  <TableCell className="py-1.5">
                    <time dateTime={bar.day}>{bar.label}</time>
                  </TableCell>
                  <TableCell className="py-1.5 text-right tabular-nums">{bar.clicks}</TableCell>
                  <TableCell className="py-1.5 text-right tabular-nums">{bar.unique}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      </details>
    </figure>
  );
}
