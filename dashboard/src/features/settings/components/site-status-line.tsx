import type { SiteStatus } from "@contracts/blogs.ts";
import { format } from "date-fns";

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
    case "retrying": {
      const next = status.nextAttemptAt
        ? `at ${format(new Date(status.nextAttemptAt), "h:mm:ss a")}`
        : "shortly";
      const failed = status.attempts > 1 ? `failed ${status.attempts} times` : "failed";
      return since
        ? `The update ${failed}; trying again ${next}. Live since ${since}.`
        : `The first render ${failed}; trying again ${next}.`;
    }
    case "live":
      return `Live since ${since}${took}.`;
    default:
      return "Not published yet: the site is rendered when the first post is published.";
  }
}

/**
 * Why the last render failed, and only what is true about what happens next: a render that
 * is queued, running or waiting for its retry is retried; otherwise the next change renders.
 */
export function lastErrorText(status: SiteStatus | undefined): string | null {
  if (!status?.lastError) return null;
  const pending =
    status.state === "queued" || status.state === "rendering" || status.state === "retrying";
  const stays = status.liveSince ? "The previous site stays live" : "Readers see nothing yet";
  return pending
    ? `The last render failed: ${status.lastError}. ${stays} until a render succeeds.`
    : `The last render failed: ${status.lastError}. ${stays}; the next change renders it again.`;
}

export function SiteStatusLine({ status }: { status: SiteStatus | undefined }) {
  const error = lastErrorText(status);
  return (
    <div className="space-y-1 text-sm" role="status">
      <p>{siteStatusText(status)}</p>
      {error && <p className="text-error">{error}</p>}
    </div>
  );
}
