import type { AnalyticsRange, FleetAnalytics } from "@contracts/analytics.ts";
import { useState } from "react";
import { type DataColumn, DataTable, SortButton } from "../../../components/data-table.tsx";
import { LoadError } from "../../../components/load-error.tsx";
import { TitledCard } from "../../../components/titled-card.tsx";
import { Button } from "../../../components/ui/button.tsx";
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

type FleetRow = FleetAnalytics["blogs"][number];
const figureCell = "py-1.5 text-right tabular-nums";

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
    <TitledCard
      id="fleet-title"
      title="All Blogs"
      description="Which of your blogs grow: the same range for each."
      action={
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
      }
    >
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
        <DataTable
          aria-labelledby="fleet-title"
          scope="col"
          rows={rows}
          rowKey={(r) => r.blogId}
          columns={[
            ...columns.map(({ key, header }): DataColumn<FleetRow> => {
              const direction = sort.key === key ? sort.direction : undefined;
              return {
                key,
                sort: direction ?? "none",
                headClassName: key === "name" ? undefined : "text-right",
                cellClassName: key === "name" ? "py-1.5" : figureCell,
                header: (
                  <SortButton
                    label={header}
                    direction={direction}
                    className="rounded-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
                    onSort={() =>
                      setSort({
                        key,
                        direction:
                          direction === "descending"
                            ? "ascending"
                            : direction
                              ? "descending"
                              : key === "name"
                                ? "ascending"
                                : "descending",
                      })
                    }
                  />
                ),
                cell: (r) => (key === "revenue" ? money(r.revenue, currency) : r[key]),
              };
            }),
            {
              key: "rpm",
              header: "Revenue per 1,000 views",
              headClassName: "text-right",
              cellClassName: figureCell,
              cell: (r) => money(r.rpm, currency),
            },
          ]}
        />
      )}
    </TitledCard>
  );
}
