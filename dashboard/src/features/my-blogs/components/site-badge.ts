import type { SiteStatus } from "@contracts/blogs.ts";
import { format } from "date-fns";

export type SiteBadge = { label: "Live" | "Not Published"; since: string | null };

/**
 * The card's badge (docs/decisions/050): 'Live' whenever readers can see a rendered site —
 * also while an update is queued or rendering — with the time that site went live; otherwise
 * 'Not Published'. The original badge always said 'Not Published'; this one tells the truth.
 */
export function siteBadgeOf(status: SiteStatus): SiteBadge {
  if (status.state !== "not_published" && status.liveSince) {
    return { label: "Live", since: format(new Date(status.liveSince), "MMM d, h:mm a") };
  }
  return { label: "Not Published", since: null };
}
