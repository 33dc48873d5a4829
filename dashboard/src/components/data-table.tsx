import { ArrowDownIcon, ArrowUpIcon } from "lucide-react";
import type { ComponentProps, Key, ReactNode } from "react";
import { cn } from "../lib/cn.ts";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "./ui/table.tsx";

export type DataColumn<T> = {
  /** A stable key for the column (its header text when that is unique). */
  key: string;
  /** What the column head shows: its name, or a control such as a `SortButton`. */
  header: ReactNode;
  cell: (row: T) => ReactNode;
  headClassName?: string;
  /** The cells' class, or a class per row. */
  cellClassName?: string | ((row: T) => string | undefined);
  /** What the head says to assistive technology about the order of a sortable column. */
  sort?: "ascending" | "descending" | "none";
};

/**
 * A data table described by its columns: one head row, then one row per item. The many tables
 * of the dashboard (posts, tags, links, reports, fleet) differ in their columns, not in this
 * shell. `rowState` marks a row (`data-state`, e.g. "selected", which the row's style shows).
 */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  rowState,
  headRowClassName,
  scope,
  ...tableProps
}: Omit<ComponentProps<"table">, "children"> & {
  columns: readonly DataColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => Key;
  rowState?: (row: T) => string | undefined;
  headRowClassName?: string;
  /** `col` marks every head as a column head. */
  scope?: "col";
}) {
  return (
    <Table {...tableProps}>
      <TableHeader>
        <TableRow className={headRowClassName}>
          {columns.map((column) => (
            <TableHead
              key={column.key}
              scope={scope}
              aria-sort={column.sort}
              className={column.headClassName}
            >
              {column.header}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={rowKey(row)} data-state={rowState?.(row)}>
            {columns.map((column) => (
              <TableCell
                key={column.key}
                className={
                  typeof column.cellClassName === "function"
                    ? column.cellClassName(row)
                    : column.cellClassName
                }
              >
                {column.cell(row)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** A sortable column's head: its name, and an arrow for the direction when it is the sort. */
export function SortButton({
  label,
  direction,
  onSort,
  className,
}: {
  label: ReactNode;
  /** The direction when this column is the sort, else undefined. */
  direction: "ascending" | "descending" | undefined;
  onSort: () => void;
  className: string;
}) {
  return (
    <button
      type="button"
      className={cn("inline-flex items-center gap-1 font-medium", className)}
      onClick={onSort}
    >
      {label}
      {direction === "ascending" && <ArrowUpIcon aria-hidden="true" className="size-3" />}
      {direction === "descending" && <ArrowDownIcon aria-hidden="true" className="size-3" />}
    </button>
  );
}
