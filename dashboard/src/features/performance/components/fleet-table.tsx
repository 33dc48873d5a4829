import type { AnalyticsRange } from "@contracts/analytics.ts";
import { ArrowDownIcon, ArrowUpIcon } from "lucide-react";
import { useState } from "react";
import { LoadError } from "../../../components/load-error.tsx";
import { Button } from "../../../components/ui/button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card.tsx";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "../../../components/ui/table.tsx";
import { downloadCsv } from "../../../lib/csv.ts";
import { useFleetAnalytics } from "../api/get-fleet-analytics.ts";
import { type FleetSortKey, money, sortFleet } from "./analytics-data.ts";

const columns: { key: FleetSortKey; header: string }[] = [
  { key: "name", header: "Blog" },
  { key: "views", header: "Views" },
  { key: "visitors", header: "Visitors" },
  { key: "clicks", header: "Clicks" },
  { key: "postsPublished", header: "Posts Published" },
  { key: "revenue", header: "Revenue" },
];

/** Every blog of the owner side by side over the range, sortable by any column. */
export function FleetTable({ range }: { range: AnalyticsRange }) {
  const fleet = useFleetAnalytics(range);
  const [sort, setSort] = useState<{ key: FleetSortKey; direction: "ascending" | "descending" }>({
    key: "views",
    direction: "descending",
  });
  const rows = fleet.data ? sortFleet(fleet.data.blogs, sort.key, sort.direction) : [];
  const currency = fleet.data?.currency ?? "USD";
  return (
    <Card aria-labelledby="fleet-title">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle id="fleet-title">All Blogs</CardTitle>
          <Button
            variant="ghost"
            size="sm"
            disabled={rows.length === 0}
            aria-label="Export All Blogs as CSV"
            onClick={() =>
              downloadCsv(
                `fleet-${range}.csv`,
                [...columns.map((c) => c.header), "Revenue per 1,000 views"],
                rows.map((r) => [
                  r.name,
                  r.views,
                  r.visitors,
                  r.clicks,
                  r.postsPublished,
                  r.revenue,
                  r.rpm,
                ]),
              )
            }
          >
            CSV
          </Button>
        </div>
        <CardDescription>Which of your blogs grow: the same range for each.</CardDescription>
      </CardHeader>
      <CardContent>
        {fleet.error && !fleet.data ? (
          <LoadError
            variant="card"
            title="Failed to load your blogs"
            retryLabel="Try again"
            onRetry={() => void fleet.mutate()}
          />
        ) : !fleet.data ? (
          <p role="status" className="py-6 text-center text-sm text-muted-foreground">
            Loading blogs...
          </p>
        ) : (
          <Table aria-labelledby="fleet-title">
            <TableHeader>
              <TableRow>
                {columns.map((c) => {
                  const active = sort.key === c.key;
                  return (
                    <TableHead
                      key={c.key}
                      scope="col"
                      aria-sort={active ? sort.direction : "none"}
                      className={c.key === "name" ? undefined : "text-right"}
                    >
                      <button
                        type="button"
                        className="inline-flex items-center gap-1 rounded-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring"
                        onClick={() =>
                          setSort({
                            key: c.key,
                            direction:
                              active && sort.direction === "descending"
                                ? "ascending"
                                : active
                                  ? "descending"
                                  : c.key === "name"
                                    ? "ascending"
                                    : "descending",
                          })
                        }
                      >
                        {c.header}
                        {active &&
                          (sort.direction === "ascending" ? (
                            <ArrowUpIcon aria-hidden="true" className="size-3" />
                          ) : (
                            <ArrowDownIcon aria-hidden="true" className="size-3" />
                          ))}
                      </button>
                    </TableHead>
                  );
                })}
                <TableHead scope="col" className="text-right">
                  Revenue per 1,000 views
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.blogId}>
                  <TableCell className="py-1.5">{r.name}</TableCell>
                  <TableCell className="py-1.5 text-right tabular-nums">{r.views}</TableCell>
                  <TableCell className="py-1.5 text-right tabular-nums">{r.visitors}</TableCell>
                  <TableCell className="py-1.5 text-right tabular-nums">{r.clicks}</TableCell>
                  <TableCell className="py-1.5 text-right tabular-nums">
                    {r.postsPublished}
                  </TableCell>
                  <TableCell className="py-1.5 text-right tabular-nums">
                    {money(r.revenue, currency)}
                  </TableCell>
                  <TableCell className="py-1.5 text-right tabular-nums">
                    {money(r.rpm, currency)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
