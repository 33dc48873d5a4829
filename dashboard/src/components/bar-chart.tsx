import type { ChartBar } from "./bar-chart-data.ts";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "./ui/table.tsx";

export type BarChartTable = {
  /** The first header names the row labels, the others the numbers. */
  headers: readonly string[];
  rows: readonly { key: string; label: string; dateTime?: string; values: readonly number[] }[];
};

/** Each bar's slot in the drawing's own units (the drawing stretches to the box's width). */
const slot = 10;
/** A bar with nothing to count is still drawn as a thin line, so every period shows. */
const flatPercent = 1.5;

/**
 * Bars in an SVG, without a chart library. The drawing is one image whose name is the
 * summary sentence (shown under it too); the numbers behind it are in a table a person can
 * open, and each bar says its figure on hover.
 */
export function BarChart({
  caption,
  summary,
  bars,
  max,
  tooltip,
  tableToggle,
  table,
}: {
  caption: string;
  summary: string;
  bars: readonly ChartBar[];
  max: number;
  tooltip: (bar: ChartBar) => string;
  tableToggle: string;
  table: BarChartTable;
}) {
  const first = bars[0];
  const last = bars.at(-1);
  const width = Math.max(1, bars.length) * slot;
  return (
    <figure className="space-y-2">
      <figcaption className="text-sm font-medium">{caption}</figcaption>
      <div className="flex gap-2">
        <div
          aria-hidden="true"
          className="flex h-32 flex-col justify-between text-right text-xs text-muted-foreground tabular-nums"
        >
          <span>{max}</span>
          <span>0</span>
        </div>
        <svg
          role="img"
          aria-label={summary}
          viewBox={`0 0 ${width} 100`}
          preserveAspectRatio="none"
          className="h-32 min-w-0 flex-1 border-b border-l border-border"
        >
          {bars.map((bar, i) => {
            const height = bar.value > 0 ? bar.heightPercent : flatPercent;
            return (
              <rect
                key={bar.key}
                data-value={bar.value}
                x={i * slot + 1}
                y={100 - height}
                width={slot - 2}
                height={height}
                className={bar.value > 0 ? "fill-primary" : "fill-muted-foreground/25"}
              >
                <title>{tooltip(bar)}</title>
              </rect>
            );
          })}
        </svg>
      </div>
      {first && last && (
        <div aria-hidden="true" className="flex justify-between pl-6 text-xs text-muted-foreground">
          <span>{first.label}</span>
          <span>{last.label}</span>
        </div>
      )}
      {/* The image already says this to screen readers. */}
      <p aria-hidden="true" className="text-sm text-muted-foreground">
        {summary}
      </p>
      <details className="text-sm">
        <summary className="cursor-pointer rounded-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring">
          {tableToggle}
        </summary>
        <div className="mt-2">
          <Table>
            <TableHeader>
              <TableRow>
                {table.headers.map((header, i) => (
                  <TableHead key={header} scope="col" className={i > 0 ? "text-right" : undefined}>
                    {header}
                  </TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {table.rows.map((row) => (
                <TableRow key={row.key}>
                  <TableCell className="py-1.5">
                    {row.dateTime ? <time dateTime={row.dateTime}>{row.label}</time> : row.label}
                  </TableCell>
                  {row.values.map((value, i) => (
                    <TableCell
                      // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed by the headers
                      key={i}
                      className="py-1.5 text-right tabular-nums"
                    >
                      {value}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      </details>
    </figure>
  );
}
