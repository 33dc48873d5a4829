import { and, count, eq, gte, inArray, max, sql } from "drizzle-orm";
import type { FleetRow } from "../../../contracts/blogs.ts";
import type { Database } from "../../db/client.ts";
import { analyticsDaily, posts, renderJobs, siteBuilds } from "../../db/schema.ts";
import { hostsOfBlog } from "../public-sites/hosts.ts";
import { listBlogs } from "./service.ts";
import type { RenderStateOf } from "./site-status.ts";

const weekMs = 7 * 24 * 60 * 60 * 1000;

/**
 * Every blog of the owner at a glance (My Blogs): site state, address and TLS, posts published
 * and page views in the last 7 days, renders that failed in the last 7 days. A handful of grouped queries,
 * whatever the number of blogs.
 */
export async function fleetOverview(
  db: Database,
  ownerId: string,
  options: { blogDomain: string; renderState: RenderStateOf; now?: Date },
): Promise<FleetRow[]> {
  const rows = await listBlogs(db, ownerId);
  if (rows.length === 0) return [];
  const ids = rows.map((b) => b.id);
  const since = new Date((options.now ?? new Date()).getTime() - weekMs);
  const sinceDay = since.toISOString().slice(0, 10);
  const [recent, published, failures, lastSuccess, lastBuild, pending, views] = await Promise.all([
    db
      .select({ blogId: posts.blogId, n: count() })
      .from(posts)
      .where(
        and(
          inArray(posts.blogId, ids),
          eq(posts.status, "published"),
          gte(posts.publishedAt, since),
        ),
      )
      .groupBy(posts.blogId),
    db
      .select({ blogId: posts.blogId, n: count() })
      .from(posts)
      .where(and(inArray(posts.blogId, ids), eq(posts.status, "published")))
      .groupBy(posts.blogId),
    db
      .select({ blogId: siteBuilds.blogId, n: count() })
      .from(siteBuilds)
      .where(
        and(
          inArray(siteBuilds.blogId, ids),
          eq(siteBuilds.status, "failed"),
          gte(siteBuilds.finishedAt, since),
        ),
      )
      .groupBy(siteBuilds.blogId),
    db
      .select({ blogId: siteBuilds.blogId, at: max(siteBuilds.finishedAt) })
      .from(siteBuilds)
      .where(and(inArray(siteBuilds.blogId, ids), eq(siteBuilds.status, "succeeded")))
      .groupBy(siteBuilds.blogId),
    db
      .select({ blogId: siteBuilds.blogId, at: max(siteBuilds.finishedAt) })
      .from(siteBuilds)
      .where(inArray(siteBuilds.blogId, ids))
      .groupBy(siteBuilds.blogId),
    db
      .select({
        blogId: renderJobs.blogId,
        startedAt: renderJobs.startedAt,
        attempts: renderJobs.attempts,
      })
      .from(renderJobs)
      .where(inArray(renderJobs.blogId, ids)),
    // Days are UTC days of the rollups: the last 7 whole days and today so far.
    db
      .select({ blogId: analyticsDaily.blogId, n: sql<number>`sum(${analyticsDaily.views})` })
      .from(analyticsDaily)
      .where(
        and(
          inArray(analyticsDaily.blogId, ids),
          eq(analyticsDaily.dimension, "total"),
          gte(analyticsDaily.day, sinceDay),
        ),
      )
      .groupBy(analyticsDaily.blogId),
  ]);
  const counts = (list: { blogId: string; n: number }[]) =>
    new Map(list.map((r) => [r.blogId, r.n]));
  const recentBy = counts(recent);
  const publishedBy = counts(published);
  const failuresBy = counts(failures);
  const viewsBy = counts(views);
  const time = (at: Date | number | null) => (at === null ? undefined : new Date(at).getTime());
  const successAt = new Map(lastSuccess.map((r) => [r.blogId, time(r.at)]));
  const buildAt = new Map(lastBuild.map((r) => [r.blogId, time(r.at)]));
  const pendingBy = new Map(pending.map((r) => [r.blogId, r]));
  return rows.map((blog) => {
    const render = options.renderState(blog.id);
    const succeeded = successAt.get(blog.id);
    const lastFailed = buildAt.get(blog.id) !== undefined && buildAt.get(blog.id) !== succeeded;
    // As the site status reads it (site-status.ts): the outbox row, unless this process's
    // render queue knows more.
    const job = pendingBy.get(blog.id);
    const siteState: FleetRow["siteState"] =
      render.state !== "idle"
        ? render.state
        : job
          ? job.startedAt
            ? "rendering"
            : job.attempts > 0
              ? "retrying"
              : "queued"
          : lastFailed
            ? "failing"
            : succeeded
              ? "live"
              : "not_published";
    const [host] = hostsOfBlog(blog, options.blogDomain).reverse();
    const pendingDomain = blog.customDomain && !blog.domainVerified;
    return {
      blogId: blog.id,
      name: blog.name,
      siteState,
      domain: host ?? (pendingDomain ? blog.customDomain : null),
      tls: blog.customDomain
        ? blog.domainVerified
          ? "active"
          : "pending_verification"
        : host
          ? "active"
          : "none",
      postsThisWeek: recentBy.get(blog.id) ?? 0,
      viewsThisWeek: Number(viewsBy.get(blog.id) ?? 0),
      failedRenders: failuresBy.get(blog.id) ?? 0,
      publishedPosts: publishedBy.get(blog.id) ?? 0,
    };
  });
}
