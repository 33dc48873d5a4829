import type { FleetRow } from "@contracts/blogs.ts";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { DataTable, SortButton } from "@/components/data-table.tsx";
import { useSelectedBlog } from "@/lib/selected-blog-context.tsx";
import { useFleetOverview } from "../api/get-fleet-overview.ts";

const stateLabels: Record<FleetRow["siteState"], string> = {
  not_published: "Not Published",
  queued: "Queued",
  rendering: "Rendering",
  retrying: "Retrying",
  failing: "Last render failed",
  live: "Live",
};
const tlsLabels: Record<FleetRow["tls"], string> = {
  active: "Ready",
  pending_verification: "Waiting for DNS verification",
  none: "No domain",
};

type Column = {
  key: string;
  label: string;
  /** What the column is sorted by. */
  value: (row: FleetRow) => string | number;
  cell: (row: FleetRow) => ReactNode;
  cellClassName?: string;
  numeric?: boolean;
};
/** A column of counts: sorted by and showing the number, on the right. */
function countColumn(key: string, label: string, value: (row: FleetRow) => number): Column {
  return { key, label, value, cell: value, cellClassName: "text-right", numeric: true };
}
const columns: Column[] = [
  {
    key: "name",
    label: "Blog",
    value: (r) => r.name.toLowerCase(),
    cell: (r) => r.name,
    cellClassName: "font-medium",
  },
  {
    key: "site",
    label: "Site",
    value: (r) => stateLabels[r.siteState],
    cell: (r) => stateLabels[r.siteState],
  },
  {
    key: "domain",
    label: "Domain",
    value: (r) => r.domain ?? "",
    cell: (r) => r.domain ?? "—",
    cellClassName: "break-all",
  },
  { key: "tls", label: "TLS", value: (r) => tlsLabels[r.tls], cell: (r) => tlsLabels[r.tls] },
  countColumn("week", "Posts this week", (r) => r.postsThisWeek),
  countColumn("views", "Views (7 days)", (r) => r.viewsThisWeek),
  countColumn("published", "Published", (r) => r.publishedPosts),
  countColumn("failed", "Failed renders (7 days)", (r) => r.failedRenders),
];

/** Every blog's health at a glance, sortable by any column (My Blogs). */
export function FleetOverview() {
  const { data, mutate } = useFleetOverview();
  const { blogs } = useSelectedBlog();
  // A blog renamed, cloned or deleted anywhere changes the list: the overview follows it.
  useEffect(() => {
    if (blogs) void mutate();
  }, [blogs, mutate]);
  const [sort, setSort] = useState<{ key: string; ascending: boolean }>({
    key: "name",
    ascending: true,
  });
  const rows = useMemo(() => {
    const column = columns.find((c) => c.key === sort.key) ?? (columns[0] as Column);
    return [...(data ?? [])].sort((a, b) => {
      const [x, y] = [column.value(a), column.value(b)];
      const order = x < y ? -1 : x > y ? 1 : 0;
      return sort.ascending ? order : -order;
    });
  }, [data, sort]);
  if (!data || data.length === 0) return null;
  return (
    <section aria-labelledby="fleet-overview-title" className="space-y-2">
      <h2 id="fleet-overview-title" className="text-lg font-semibold">
        Fleet Overview
      </h2>
      <div className="rounded-xl border">
        <DataTable
          rows={rows}
          rowKey={(row) => row.blogId}
          columns={columns.map((column) => {
            const direction =
              sort.key === column.key ? (sort.ascending ? "ascending" : "descending") : undefined;
            return {
              key: column.key,
              sort: direction ?? "none",
              headClassName: column.numeric ? "text-right" : undefined,
              cellClassName: column.cellClassName,
              header: (
                <SortButton
                  label={column.label}
                  direction={direction}
                  className="hover:underline"
                  onSort={() =>
                    setSort({
                      key: column.key,
                      ascending: direction ? direction === "descending" : true,
                    })
                  }
                />
              ),
              cell: column.cell,
            };
          })}
        />
      </div>
    </section>
  );
}
