import type { LinkHealth, LinkStatus } from "@contracts/link-health.ts";
import { cva } from "class-variance-authority";
import { cn } from "../lib/cn.ts";

/** What each outcome of a link check is called on screen (decision 379). */
export const linkStatusLabels: Record<LinkStatus, string> = {
  unchecked: "Not checked yet",
  ok: "Working",
  redirected: "Redirected",
  broken: "Broken",
  unreachable: "Unreachable",
};

const linkHealthBadgeVariants = cva(
  "inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-medium whitespace-nowrap",
  {
    variants: {
      status: {
        unchecked:
          "border-slate-300 bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100",
        ok: "border-emerald-300 bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100",
        redirected:
          "border-amber-300 bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100",
        broken: "border-red-300 bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100",
        unreachable: "border-red-300 bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100",
      },
    },
  },
);

/** A link's last check as a badge: the outcome, with the HTTP status when one came. */
export function LinkHealthBadge({
  health,
  className,
}: {
  health: Pick<LinkHealth, "status" | "httpStatus"> | null | undefined;
  className?: string;
}) {
  const status = health?.status ?? "unchecked";
  const code = health?.httpStatus && status !== "ok" ? ` (${health.httpStatus})` : "";
  return (
    <span
      data-slot="link-health-badge"
      data-status={status}
      className={cn(linkHealthBadgeVariants({ status }), className)}
    >
      {linkStatusLabels[status]}
      {code}
    </span>
  );
}
