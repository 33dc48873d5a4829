import { type PostStatus, postStatusLabels } from "@contracts/limits.ts";
import { cva } from "class-variance-authority";
import { cn } from "../lib/cn.ts";

/** Each status has its own colour; the label is the product's wording. */
export const postStatusBadgeVariants = cva(
  "inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-medium whitespace-nowrap",
  {
    variants: {
      status: {
        draft:
          "border-slate-300 bg-slate-100 text-slate-800 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100",
        under_review:
          "border-amber-300 bg-amber-100 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100",
        published:
          "border-emerald-300 bg-emerald-100 text-emerald-900 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-100",
      },
    },
  },
);

export function PostStatusBadge({ status, className }: { status: PostStatus; className?: string }) {
  return (
    <span
      data-slot="post-status-badge"
      data-status={status}
      className={cn(postStatusBadgeVariants({ status }), className)}
    >
      {postStatusLabels[status]}
    </span>
  );
}
