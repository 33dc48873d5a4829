import { and, desc, eq } from "drizzle-orm";
import type { SiteStatus } from "../../../contracts/blogs.ts";
import type { Database } from "../../db/client.ts";
import { first } from "../../db/query.ts";
import { renderJobs, siteBuilds } from "../../db/schema.ts";
import { defaultRetryDelayMs } from "../publishing/render-queue.ts";

/** What this process's render queue is doing for a blog ('idle' in a process that renders nothing). */
export type RenderStateOf = (blogId: string) => {
  state: "queued" | "rendering" | "retrying" | "idle";
  retry?: { nextAttemptAt: Date; error: string };
};

/** A blog's render as the database knows it, with this process's render queue where it knows more. */
export type RenderStatus = {
  state: SiteStatus["state"];
  attempts: number;
  nextAttemptAt: Date | null;
  lastError: string | null;
  /** Whether the last finished try failed. */
  lastFailed: boolean;
  liveSince: Date | null;
  lastDurationMs: number | null;
  lastRenderedAt: Date | null;
};

/**
 * The render state of a blog, read from the database so that every process answers alike
 * (decision 323): the outbox row (`render_jobs`) is pending work, its `startedAt` a render under
 * way, its `attempts` the failed tries since the last change; `site_builds` has each try's
 * outcome and error. A web process of a PostgreSQL set-up renders nothing and its render queue
 * always says 'idle'; a process that renders knows a little more (a run whose start is not
 * written yet, the exact time of its next try), so its render queue's word counts when it has one.
 */
export async function renderStatus(
  db: Database,
  blogId: string,
  renderState: RenderStateOf,
  now: Date = new Date(),
): Promise<RenderStatus> {
  const here = renderState(blogId);
  const [job, lastBuild, lastSuccess] = await Promise.all([
    first(db.select().from(renderJobs).where(eq(renderJobs.blogId, blogId))),
    first(
      db
        .select()
        .from(siteBuilds)
        .where(eq(siteBuilds.blogId, blogId))
        .orderBy(desc(siteBuilds.finishedAt)),
    ),
    first(
      db
        .select()
        .from(siteBuilds)
        .where(and(eq(siteBuilds.blogId, blogId), eq(siteBuilds.status, "succeeded")))
        .orderBy(desc(siteBuilds.finishedAt)),
    ),
  ]);
  const lastFailed = lastBuild?.status === "failed";
  const attempts = job?.attempts ?? 0;
  const state: RenderStatus["state"] =
    here.state !== "idle"
      ? here.state
      : !job
        ? lastSuccess
          ? "live"
          : "not_published"
        : job.startedAt
          ? "rendering"
          : attempts > 0
            ? "retrying"
            : "queued";
  return {
    state,
    attempts,
    nextAttemptAt: state === "retrying" ? nextAttempt() : null,
    // A failure the database could not record (its disk was full) is still the owner's news.
    lastError: lastFailed ? lastBuild.error : (here.retry?.error ?? null),
    lastFailed,
    liveSince: lastSuccess?.finishedAt ?? null,
    lastDurationMs: lastBuild?.durationMs ?? null,
    lastRenderedAt: lastBuild?.finishedAt ?? null,
  };

  /**
   * The renderer tries again after the render queue's back-off from the failed try's end; past
   * that time (its worker stopped meanwhile), the next sweep of pending renders takes it soon.
   */
  function nextAttempt(): Date | null {
    if (here.retry) return here.retry.nextAttemptAt;
    if (!lastFailed || !lastBuild) return null;
    const at = lastBuild.finishedAt.getTime() + defaultRetryDelayMs(attempts);
    return at > now.getTime() ? new Date(at) : null;
  }
}

export async function siteStatus(
  db: Database,
  blogId: string,
  renderState: RenderStateOf,
): Promise<SiteStatus> {
  const render = await renderStatus(db, blogId, renderState);
  return {
    state: render.state,
    liveSince: render.liveSince?.toISOString() ?? null,
    lastDurationMs: render.lastDurationMs,
    lastError: render.lastError,
    lastRenderedAt: render.lastRenderedAt?.toISOString() ?? null,
    nextAttemptAt: render.nextAttemptAt?.toISOString() ?? null,
    attempts: render.attempts,
  };
}
