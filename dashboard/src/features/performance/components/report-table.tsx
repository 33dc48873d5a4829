import { DownloadIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "../../../components/ui/button.tsx";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "../../../components/ui/table.tsx";
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
        <Table aria-labelledby={id}>
          <TableHeader>
            <TableRow>
              {columns.map((c) => (
                <TableHead
                  key={c.header}
                  scope="col"
                  className={c.numeric ? "text-right" : undefined}
                >
                  {c.header}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={rowKey(row)}>
                {columns.map((c) => (
                  <TableCell
                    key={c.header}
                    className={
                      c.numeric ? "py-1.5 text-right tabular-nums" : "max-w-64 truncate py-1.5"
                    }
                  >
                    {c.cell(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
