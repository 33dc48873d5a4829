import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";

export type Health = {
  status: "ok" | "degraded" | "error";
  database: "ok" | "unreachable";
  queue: {
    /** Blogs waiting for a render. */
    pending: number;
    /** Renders a worker is running now. */
    running: number;
    /** Age of the oldest waiting render, in seconds (0 with none). */
    oldestPendingSeconds: number;
    /** Blogs whose latest render failed (their previous site stays live). */
    failedBlogs: number;
  } | null;
};

/** A render waiting longer than this means the queue is stuck or far behind. */
export const stuckAfterSeconds = 15 * 60;

/**
 * What an operator or a load balancer needs to know: the database answers, and how the render
 * queue is doing (from the persisted jobs, so it is the truth across restarts).
 */
export async function checkHealth(db: Database, now: Date): Promise<Health> {
  try {
    const [queue] = await db.all<{
      pending: number;
      running: number;
      oldest: number | null;
    }>(sql`
      select
        coalesce(sum(case when started_at is null then 1 else 0 end), 0) as pending,
        coalesce(sum(case when started_at is not null then 1 else 0 end), 0) as running,
        min(requested_at) as oldest
      from render_jobs
    `);
    const [failed] = await db.all<{ failed: number }>(sql`
      select count(*) as failed from site_builds s
      where s.status = 'failed'
        and s.finished_at = (select max(l.finished_at) from site_builds l where l.blog_id = s.blog_id)
    `);
    const oldestPendingSeconds =
      queue?.oldest != null
        ? Math.max(0, Math.round((now.getTime() - Number(queue.oldest)) / 1000))
        : 0;
    return {
      status: oldestPendingSeconds > stuckAfterSeconds ? "degraded" : "ok",
      database: "ok",
      queue: {
        pending: Number(queue?.pending ?? 0),
        running: Number(queue?.running ?? 0),
        oldestPendingSeconds,
        failedBlogs: Number(failed?.failed ?? 0),
      },
    };
  } catch {
    return { status: "error", database: "unreachable", queue: null };
  }
}
