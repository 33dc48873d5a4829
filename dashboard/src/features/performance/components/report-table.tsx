import { DownloadIcon } from "lucide-react";
import type { ReactNode } from "react";
import { DataTable } from "../../../components/data-table.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { downloadCsv } from "../../../lib/csv.ts";

export type ReportColumn<T> = {
  header: string;
  /** What the table shows. */
  cell: (row: T) => ReactNode;
  /** What the CSV holds (raw numbers, not formatted ones). */
  csv: (row: T) => string | number | null;
  numeric?: boolean;
};

/**
 * A titled report table with its CSV export. `id` names the heading (the table's accessible
 * name) and the downloaded file.
 */
export function ReportTable<T>({
  id,
  title,
  rows,
  columns,
  rowKey,
  empty,
  fileName,
}: {
  id: string;
  title: string;
  rows: readonly T[];
  columns: readonly ReportColumn<T>[];
  rowKey: (row: T) => string;
  empty: string;
  fileName: string;
}) {
  return (
    <section aria-labelledby={id} className="space-y-2">
      <div className="flex items-center justify-between gap-2">
        <h3 id={id} className="text-sm font-medium">
          {title}
        </h3>
        <Button
          variant="ghost"
          size="sm"
          disabled={rows.length === 0}
          aria-label={`Export ${title} as CSV`}
          onClick={() =>
            downloadCsv(
              fileName,
              columns.map((c) => c.header),
              rows.map((row) => columns.map((c) => c.csv(row))),
            )
          }
        >
          <DownloadIcon aria-hidden="true" />
          CSV
        </Button>
      </div>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <DataTable
          aria-labelledby={id}
          scope="col"
          rows={rows}
          rowKey={rowKey}
          columns={columns.map((c) => ({
            key: c.header,
            header: c.header,
            cell: c.cell,
            headClassName: c.numeric ? "text-right" : undefined,
            cellClassName: c.numeric
              ? "py-1.5 text-right tabular-nums"
              : "max-w-64 truncate py-1.5",
          }))}
        />
      )}
    </section>
  );
}
