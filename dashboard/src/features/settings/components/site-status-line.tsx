import { format } from "date-fns";
import type { SiteStatus } from "../../../../../contracts/blogs.ts";

/** One line about the public site: what readers see now, and whether a render is under way. */
export function siteStatusText(status: SiteStatus | undefined): string {
  if (!status) return "Checking the public site...";
  const since = status.liveSince ? format(new Date(status.liveSince), "MMM d, h:mm a") : null;
  const took = status.lastDurationMs !== null ? ` (last render ${status.lastDurationMs} ms)` : "";
  switch (status.state) {
    case "queued":
      return since ? `Update queued. Live since ${since}.` : "First render queued.";
    case "rendering":
      return since
        ? `Rendering the update. Live since ${since}.`
        : "Rendering the site for the first time.";
    case "live":
      return `Live since ${since}${took}.`;
    default:
      return "Not published yet: the site is rendered when the first post is published.";
  }
}

export function SiteStatusLine({ status }: { status: SiteStatus | undefined }) {
  return (
    <div className="space-y-1 text-sm" role="status">
      <p>{siteStatusText(status)}</p>
      {status?.lastError && (
        <p className="text-error">
          The last render failed: {status.lastError}. The previous site stays live; it is retried.
        </p>
      )}
    </div>
  );
}
