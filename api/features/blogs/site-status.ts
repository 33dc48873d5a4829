import { and, desc, eq } from "drizzle-orm";
import type { SiteStatus } from "../../../contracts/blogs.ts";
import type { Database } from "../../db/client.ts";
import { first } from "../../db/query.ts";
import { renderJobs, siteBuilds } from "../../db/schema.ts";

/**
 * What the owner sees of a blog's public site: whether a render is waiting or running, since
 * when the live site is up, how long the last render took and, if it failed, why.
 */
export type RenderStateOf = (blogId: string) => {
  state: "queued" | "rendering" | "retrying" | "idle";
  retry?: { nextAttemptAt: Date; error: string };
};

export async function siteStatus(
  db: Database,
  blogId: string,
  renderState: RenderStateOf,
): Promise<SiteStatus> {
  const render = renderState(blogId);
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
  const state =
    render.state === "rendering" || render.state === "retrying"
      ? render.state
      : render.state === "queued" || job
        ? "queued"
        : lastSuccess
          ? "live"
          : "not_published";
  // A failure the queue could not record (the database disk was full) is still the owner's news.
  const lastError =
    lastBuild?.status === "failed" ? lastBuild.error : (render.retry?.error ?? null);
  return {
    state,
    liveSince: lastSuccess?.finishedAt.toISOString() ?? null,
    lastDurationMs: lastBuild?.durationMs ?? null,
    lastError,
    lastRenderedAt: lastBuild?.finishedAt.toISOString() ?? null,
    nextAttemptAt:
      state === "retrying" ? (render.retry?.nextAttemptAt.toISOString() ?? null) : null,
  };
}
