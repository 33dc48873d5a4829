import { sql } from "drizzle-orm";
import { writeMark } from "../../db/app-settings.ts";
import type { Database } from "../../db/client.ts";
import { rawRows } from "../../db/query.ts";
import type { WriteHealth } from "../../db/write-health.ts";

export type Health = {
  status: "ok" | "degraded" | "error";
  /** 'writes_failing': reads work, but nothing can be saved (full disk, read-only file, I/O). */
  database: "ok" | "writes_failing" | "unreachable";
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
  /** Why the status is not 'ok', in words an operator can act on (empty when it is). */
  reasons: string[];
};

/** A render waiting longer than this means the queue is stuck or far behind. */
export const stuckAfterSeconds = 15 * 60;

export type HealthDeps = {
  db: Database;
  /** What database writes have been doing (see api/db/write-health.ts); absent: not checked. */
  writeHealth?: WriteHealth;
  /** Blogs the render queue of this process is retrying (their failure may not be recorded). */
  failingRenders?: () => { blogId: string; retry: { error: string } }[];
};

/** How often, at most, a health check tries a write of its own. */
const probeEveryMs = 5000;
const probeKey = "health.write_probe";

/**
 * Writes one small row now and then, so a disk that filled up while nothing else was written
 * shows here too (every other write reports to `WriteHealth` by itself). Concurrent checks
 * share one probe.
 */
function writeProbe(deps: HealthDeps) {
  let last = 0;
  let inFlight: Promise<void> | undefined;
  return async (now: Date) => {
    if (!deps.writeHealth) return;
    if (inFlight) return inFlight;
    if (now.getTime() - last < probeEveryMs && now.getTime() >= last) return;
    last = now.getTime();
    inFlight = writeMark(deps.db, probeKey, now)
      .catch(() => {
        // recorded by WriteHealth (a storage failure) or not a storage matter
      })
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  };
}

/**
 * What an operator or a load balancer needs to know: the database answers and takes writes,
 * and how the render queue is doing (from the persisted jobs, so it is the truth across
 * restarts, and from the queue itself, which knows about failures it could not record).
 */
export function createHealthCheck(deps: HealthDeps) {
  const probe = writeProbe(deps);
  return async (now: Date): Promise<Health> => {
    const { db } = deps;
    try {
      const [queue] = await rawRows<{
        pending: number;
        running: number;
        oldest: number | null;
      }>(
        db,
        sql`
        select
          coalesce(sum(case when started_at is null then 1 else 0 end), 0) as pending,
          coalesce(sum(case when started_at is not null then 1 else 0 end), 0) as running,
          min(requested_at) as oldest
        from render_jobs
      `,
      );
      const failedRows = await rawRows<{ blogId: string; error: string | null }>(
        db,
        sql`
        select s.blog_id as "blogId", s.error as error from site_builds s
        where s.status = 'failed'
          and s.finished_at = (select max(l.finished_at) from site_builds l where l.blog_id = s.blog_id)
      `,
      );
      await probe(now);
      const failedBlogs = new Map(failedRows.map((r) => [r.blogId, r.error ?? ""]));
      for (const { blogId, retry } of deps.failingRenders?.() ?? []) {
        failedBlogs.set(blogId, retry.error);
      }
      const oldestPendingSeconds =
        queue?.oldest != null
          ? Math.max(0, Math.round((now.getTime() - Number(queue.oldest)) / 1000))
          : 0;
      const reasons: string[] = [];
      const writes = deps.writeHealth?.failing();
      if (writes) {
        reasons.push(
          `Database writes fail since ${writes.since.toISOString()} (${writes.code}): nothing can be saved until the database disk has room again.`,
        );
      }
      if (failedBlogs.size > 0) {
        const [example] = failedBlogs.values();
        reasons.push(
          `The latest render of ${failedBlogs.size} blog${failedBlogs.size === 1 ? "" : "s"} failed (${example ?? ""}); the previous site stays live and the render is retried.`,
        );
      }
      if (oldestPendingSeconds > stuckAfterSeconds) {
        reasons.push(
          `A render has waited ${Math.round(oldestPendingSeconds / 60)} minutes: the queue is stuck or far behind.`,
        );
      }
      return {
        status: reasons.length > 0 ? "degraded" : "ok",
        database: writes ? "writes_failing" : "ok",
        queue: {
          pending: Number(queue?.pending ?? 0),
          running: Number(queue?.running ?? 0),
          oldestPendingSeconds,
          failedBlogs: failedBlogs.size,
        },
        reasons,
      };
    } catch {
      return {
        status: "error",
        database: "unreachable",
        queue: null,
        reasons: ["The database does not answer."],
      };
    }
  };
}
