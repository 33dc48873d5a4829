import { and, desc, eq } from "drizzle-orm";
import type { SiteStatus } from "../../../contracts/blogs.ts";
import type { Database } from "../../db/client.ts";
import { renderJobs, siteBuilds } from "../../db/schema.ts";

/**
 * What the owner sees of a blog's public site: whether a render is waiting or running, since
 * when the live site is up, how long the last render took and, if it failed, why.
 */
export async function siteStatus(
  db: Database,
  blogId: string,
  rendering: (blogId: string) => boolean,
): Promise<SiteStatus> {
  const [job, lastBuild, lastSuccess] = await Promise.all([
    db.select().from(renderJobs).where(eq(renderJobs.blogId, blogId)).get(),
    db
      .select()
      .from(siteBuilds)
      .where(eq(siteBuilds.blogId, blogId))
      .orderBy(desc(siteBuilds.finishedAt))
      .get(),
    db
      .select()
      .from(siteBuilds)
      .where(and(eq(siteBuilds.blogId, blogId), eq(siteBuilds.status, "succeeded")))
      .orderBy(desc(siteBuilds.finishedAt))
      .get(),
  ]);
  const state = rendering(blogId)
    ? "rendering"
    : job
      ? "queued"
      : lastSuccess
        ? "live"
        : "not_published";
  return {
    state,
    liveSince: lastSuccess?.finishedAt.toISOString() ?? null,
    lastDurationMs: lastBuild?.durationMs ?? null,
    lastError: lastBuild?.status === "failed" ? lastBuild.error : null,
    lastRenderedAt: lastBuild?.finishedAt.toISOString() ?? null,
  };
}
