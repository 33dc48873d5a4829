import type { FleetRow } from "@contracts/blogs.ts";
import { ArrowDownIcon, ArrowUpIcon } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table.tsx";
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
  value: (row: FleetRow) => string | number;
  numeric?: boolean;
};
const columns: Column[] = [
  { key: "name", label: "Blog", value: (r) => r.name.toLowerCase() },
  { key: "site", label: "Site", value: (r) => stateLabels[r.siteState] },
  { key: "domain", label: "Domain", value: (r) => r.domain ?? "" },
  { key: "tls", label: "TLS", value: (r) => tlsLabels[r.tls] },
  { key: "week", label: "Posts this week", value: (r) => r.postsThisWeek, numeric: true },
  { key: "views", label: "Views (7 days)", value: (r) => r.viewsThisWeek, numeric: true },
  { key: "published", label: "Published", value: (r) => r.publishedPosts, numeric: true },
  { key: "failed", label: "Failed renders (7 days)", value: (r) => r.failedRenders, numeric: true },
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
        <Table>
          <TableHeader>
            <TableRow>
              {columns.map((column) => {
                const active = sort.key === column.key;
                return (
                  <TableHead
                    key={column.key}
                    aria-sort={active ? (sort.ascending ? "ascending" : "descending") : "none"}
                    className={column.numeric ? "text-right" : undefined}
                  >
                    <button
                      type="button"
                      className="inline-flex items-center gap-1 font-medium hover:underline"
                      onClick={() =>
                        setSort({ key: column.key, ascending: active ? !sort.ascending : true })
                      }
                    >
                      {column.label}
                      {active &&
                        (sort.ascending ? (
                          <ArrowUpIcon aria-hidden="true" className="size-3" />
                        ) : (
                          <ArrowDownIcon aria-hidden="true" className="size-3" />
                        ))}
                    </button>
                  </TableHead>
                );
              })}
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.blogId}>
                <TableCell className="font-medium">{row.name}</TableCell>
                <TableCell>{stateLabels[row.siteState]}</TableCell>
                <TableCell className="break-all">{row.domain ?? "—"}</TableCell>
                <TableCell>{tlsLabels[row.tls]}</TableCell>
                <TableCell className="text-right">{row.postsThisWeek}</TableCell>
                <TableCell className="text-right">{row.viewsThisWeek}</TableCell>
                <TableCell className="text-right">{row.publishedPosts}</TableCell>
                <TableCell className="text-right">{row.failedRenders}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </section>
  );
}
