import {
  type PostSort,
  type PostSortColumn,
  parsePostSort,
  type SortDirection,
} from "@contracts/post-list.ts";
import type { PostSummary } from "@contracts/posts.ts";
import { ArrowDownIcon, ArrowUpIcon, ChevronsUpDownIcon } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { type DataColumn, DataTable } from "../../../components/data-table.tsx";
import { editPostHref } from "../../../components/post-card.tsx";
import { PostStatusBadge } from "../../../components/post-status-badge.tsx";
import { formatDay, formatDayAndTime } from "../../../lib/format-date.ts";

const columns: { column: PostSortColumn; label: string; numeric?: boolean }[] = [
  { column: "title", label: "Title" },
  { column: "status", label: "Status" },
  { column: "category", label: "Category" },
  { column: "author", label: "Author" },
  { column: "date", label: "Date" },
  { column: "views", label: "Views", numeric: true },
];

/** A first click on a column: names A to Z, dates and views biggest first. */
const firstDirection = (column: PostSortColumn): SortDirection =>
  column === "date" || column === "views" ? "desc" : "asc";

/** The next sort when a column's header is clicked: that column, or the same one turned round. */
export function nextSort(current: PostSort, column: PostSortColumn): PostSort {
  const { column: sorted, direction } = parsePostSort(current);
  if (sorted !== column) return `${column}:${firstDirection(column)}`;
  return `${column}:${direction === "asc" ? "desc" : "asc"}`;
}

/**
 * All Posts as a dense table (decision 355): a real `<table>` whose sortable headers are
 * buttons with `aria-sort`, a labelled checkbox per row and one to select every row shown.
 * Sorting happens on the server (`sort`), so it holds across pages. The table scrolls inside
 * its own box on a narrow screen; the page does not.
 */
export function PostsTable({
  posts,
  views,
  categoryName,
  currentUserId,
  sort,
  onSort,
  selected,
  onSelectedChange,
}: {
  posts: PostSummary[];
  views: Record<string, number>;
  categoryName: (id: string | null) => string | undefined;
  currentUserId: string | undefined;
  sort: PostSort;
  onSort: (sort: PostSort) => void;
  selected: ReadonlySet<string>;
  onSelectedChange: (selected: Set<string>) => void;
}) {
  const { column: sortedColumn, direction } = parsePostSort(sort);
  const chosen = posts.filter((post) => selected.has(post.id)).length;
  const all = posts.length > 0 && chosen === posts.length;
  const selectAll = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = chosen > 0 && !all;
  }, [chosen, all]);

  const toggle = (id: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    onSelectedChange(next);
  };

  const cells: Record<PostSortColumn, Pick<DataColumn<PostSummary>, "cell" | "cellClassName">> = {
    title: {
      cellClassName: "max-w-[24rem] font-medium",
      cell: (post) => (
        <Link
          to={editPostHref(post.id)}
          className="line-clamp-2 hover:underline focus-visible:underline"
        >
          {post.title}
        </Link>
      ),
    },
    status: { cell: (post) => <PostStatusBadge status={post.status} /> },
    category: {
      cellClassName: (post) =>
        categoryName(post.categoryId) ? undefined : "text-muted-foreground",
      cell: (post) => categoryName(post.categoryId) ?? "Uncategorized",
    },
    author: {
      cellClassName: "whitespace-nowrap",
      cell: (post) =>
        currentUserId && post.authorId === currentUserId
          ? "You"
          : (post.author?.name ?? "Unknown author"),
    },
    date: {
      cellClassName: "whitespace-nowrap text-muted-foreground",
      cell: (post) => (
        <>
          <time dateTime={post.createdAt}>{formatDay(new Date(post.createdAt))}</time>
          {post.scheduledPublishAt && (
            <span className="block text-xs">
              Scheduled for {formatDayAndTime(new Date(post.scheduledPublishAt))}
            </span>
          )}
        </>
      ),
    },
    views: {
      cellClassName: "text-right tabular-nums",
      cell: (post) => (views[post.id] ?? 0).toLocaleString("en-US"),
    },
  };

  return (
    <div className="min-w-0 rounded-xl border">
      <DataTable
        aria-label="Posts"
        className="min-w-[52rem]"
        headRowClassName="hover:bg-transparent"
        rows={posts}
        rowKey={(post) => post.id}
        rowState={(post) => (selected.has(post.id) ? "selected" : undefined)}
        columns={[
          {
            key: "select",
            headClassName: "w-10",
            header: (
              <input
                ref={selectAll}
                type="checkbox"
                aria-label="Select all posts"
                className="size-4 accent-primary"
                checked={all}
                onChange={(event) =>
                  onSelectedChange(
                    event.target.checked ? new Set(posts.map((post) => post.id)) : new Set(),
                  )
                }
              />
            ),
            cell: (post) => (
              <input
                type="checkbox"
                aria-label={`Select ${post.title}`}
                className="size-4 accent-primary"
                checked={selected.has(post.id)}
                onChange={(event) => toggle(post.id, event.target.checked)}
              />
            ),
          },
          ...columns.map(({ column, label, numeric }): DataColumn<PostSummary> => {
            const isSorted = column === sortedColumn;
            const Icon = !isSorted
              ? ChevronsUpDownIcon
              : direction === "asc"
                ? ArrowUpIcon
                : ArrowDownIcon;
            return {
              key: column,
              sort: isSorted ? (direction === "asc" ? "ascending" : "descending") : undefined,
              headClassName: numeric ? "text-right" : undefined,
              header: (
                <button
                  type="button"
                  onClick={() => onSort(nextSort(sort, column))}
                  className="-mx-2 inline-flex items-center gap-1 rounded-md px-2 py-1 hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                >
                  {label}
                  <Icon
                    aria-hidden="true"
                    className={isSorted ? "size-3.5" : "size-3.5 opacity-40"}
                  />
                </button>
              ),
              ...cells[column],
            };
          }),
        ]}
      />
    </div>
  );
}
