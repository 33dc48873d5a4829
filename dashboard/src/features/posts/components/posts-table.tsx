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
import { editPostHref } from "../../../components/post-card.tsx";
import { PostStatusBadge } from "../../../components/post-status-badge.tsx";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "../../../components/ui/table.tsx";
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

  return (
    <div className="min-w-0 rounded-xl border">
      <Table aria-label="Posts" className="min-w-[52rem]">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead className="w-10">
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
            </TableHead>
            {columns.map(({ column, label, numeric }) => {
              const isSorted = column === sortedColumn;
              const Icon = !isSorted
                ? ChevronsUpDownIcon
                : direction === "asc"
                  ? ArrowUpIcon
                  : ArrowDownIcon;
              return (
                <TableHead
                  key={column}
                  aria-sort={
                    isSorted ? (direction === "asc" ? "ascending" : "descending") : undefined
                  }
                  className={numeric ? "text-right" : undefined}
                >
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
                </TableHead>
              );
            })}
          </TableRow>
        </TableHeader>
        <TableBody>
          {posts.map((post) => {
            const category = categoryName(post.categoryId);
            const isOwn = Boolean(currentUserId && post.authorId === currentUserId);
            return (
              <TableRow key={post.id} data-state={selected.has(post.id) ? "selected" : undefined}>
                <TableCell>
                  <input
                    type="checkbox"
                    aria-label={`Select ${post.title}`}
                    className="size-4 accent-primary"
                    checked={selected.has(post.id)}
                    onChange={(event) => toggle(post.id, event.target.checked)}
                  />
                </TableCell>
                <TableCell className="max-w-[24rem] font-medium">
                  <Link
                    to={editPostHref(post.id)}
                    className="line-clamp-2 hover:underline focus-visible:underline"
                  >
                    {post.title}
                  </Link>
                </TableCell>
                <TableCell>
                  <PostStatusBadge status={post.status} />
                </TableCell>
                <TableCell className={category ? undefined : "text-muted-foreground"}>
                  {category ?? "Uncategorized"}
                </TableCell>
                <TableCell className="whitespace-nowrap">
                  {isOwn ? "You" : (post.author?.name ?? "Unknown author")}
                </TableCell>
                <TableCell className="whitespace-nowrap text-muted-foreground">
                  <time dateTime={post.createdAt}>{formatDay(new Date(post.createdAt))}</time>
                  {post.scheduledPublishAt && (
                    <span className="block text-xs">
                      Scheduled for {formatDayAndTime(new Date(post.scheduledPublishAt))}
                    </span>
                  )}
                </TableCell>
                <TableCell className="text-right tabular-nums">
                  {(views[post.id] ?? 0).toLocaleString("en-US")}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}
