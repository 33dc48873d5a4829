import { availableParallelism } from "node:os";
import { and, eq } from "drizzle-orm";
import PQueue from "p-queue";
import type { Database } from "../../api/db/client.ts";
import { renderJobs, siteBuilds } from "../../api/db/schema.ts";
import type { Site } from "../theme/lib/site.ts";
import { renderFull, renderIncremental } from "./render-site.ts";
import type { SiteOutput } from "./site-output.ts";
import type { SiteSnapshot, SnapshotScope } from "./snapshot.ts";
import type { Theme } from "./theme.ts";

export type BlogChange = { postIds?: string[]; full?: boolean };

export type RenderQueueDeps = {
  db: Database;
  theme: Theme;
  output: SiteOutput;
  loadSnapshot: (blogId: string, scope?: SnapshotScope) => Promise<SiteSnapshot | undefined>;
  /** Host names that serve the blog's files directly (subdomain, verified custom domain). */
  hostsOf: (snapshot: SiteSnapshot) => string[];
  clock?: () => Date;
  concurrency?: number;
  maxAttempts?: number;
  retryDelayMs?: (attempt: number) => number;
  log?: { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
  onRendered?: (
    blogId: string,
    result: { full: boolean; pagesWritten: number; durationMs: number },
  ) => void;
};

export type RenderQueue = {
  /** Records the change (persisted) and makes sure one render will pick it up. */
  enqueue: (blogId: string, change: BlogChange) => Promise<void>;
  /** Schedules every job left in the database (after a restart). */
  resume: () => Promise<void>;
  /** 'queued' or 'rendering' while work is pending in this process. */
  stateOf: (blogId: string) => "queued" | "rendering" | "idle";
  /** The snapshot the blog's live files were rendered from, if this process rendered them. */
  liveSnapshot: (blogId: string) => Site | undefined;
  onIdle: () => Promise<void>;
  stop: () => Promise<void>;
};

/**
 * The render queue: at most one pending job per blog, persisted in `render_jobs`. Changes that
 * arrive while a blog renders are merged into its row and make exactly one more run. A failed
 * render leaves the previous site live, is recorded in `site_builds`, and is retried with
 * backoff a few times; the row stays, so a restart picks the work up again.
 */
export function createRenderQueue(deps: RenderQueueDeps): RenderQueue {
  const clock = deps.clock ?? (() => new Date());
  const maxAttempts = deps.maxAttempts ?? 5;
  const retryDelayMs =
    deps.retryDelayMs ?? ((attempt: number) => Math.min(60_000, 1000 * 2 ** attempt));
  const queue = new PQueue({
    concurrency: deps.concurrency ?? Math.max(1, availableParallelism()),
  });
  const scheduled = new Set<string>();
  const running = new Set<string>();
  const live = new Map<string, Site>();
  const retryTimers = new Set<NodeJS.Timeout>();
  let stopped = false;

  const { db } = deps;

  function schedule(blogId: string) {
    if (stopped || scheduled.has(blogId)) return;
    scheduled.add(blogId);
    void queue.add(() => run(blogId));
  }

  async function run(blogId: string): Promise<void> {
    let again = false;
    running.add(blogId);
    try {
      const job = await db.select().from(renderJobs).where(eq(renderJobs.blogId, blogId)).get();
      if (!job) return;
      const startedAt = clock();
      await db.update(renderJobs).set({ startedAt }).where(eq(renderJobs.blogId, blogId));
      try {
        const previous = live.get(blogId);
        const hasLiveFiles = (await deps.output.currentDir(blogId)) !== undefined;
        const incremental = !job.full && previous !== undefined && hasLiveFiles;
        const snapshot = await deps.loadSnapshot(
          blogId,
          incremental ? { kind: "changed", previous, postIds: job.postIds } : { kind: "all" },
        );
        if (!snapshot) {
          // The blog was deleted: its files go too.
          await deps.output.removeBlog(blogId);
          live.delete(blogId);
          await db.delete(renderJobs).where(eq(renderJobs.blogId, blogId));
          return;
        }
        const result = incremental
          ? await renderIncremental(deps.theme, deps.output, previous, snapshot.site, job.postIds)
          : await renderFull(deps.theme, deps.output, snapshot.site);
        await deps.output.setHosts(blogId, deps.hostsOf(snapshot));
        live.set(blogId, snapshot.site);
        const finishedAt = clock();
        const durationMs = finishedAt.getTime() - startedAt.getTime();
        await db.insert(siteBuilds).values({
          blogId,
          status: "succeeded",
          full: result.full,
          pagesWritten: result.pagesWritten,
          startedAt,
          finishedAt,
          durationMs,
        });
        // Finished: drop the job unless a change arrived meanwhile (then run exactly once more).
        const removed = await db
          .delete(renderJobs)
          .where(and(eq(renderJobs.blogId, blogId), eq(renderJobs.requestedAt, job.requestedAt)))
          .returning({ blogId: renderJobs.blogId });
        if (removed.length === 0) {
          await db
            .update(renderJobs)
            .set({ startedAt: null, attempts: 0 })
            .where(eq(renderJobs.blogId, blogId));
          again = true;
        }
        deps.log?.info({ blogId, ...result, durationMs }, "blog rendered");
        deps.onRendered?.(blogId, { ...result, durationMs });
      } catch (error) {
        const finishedAt = clock();
        const message = error instanceof Error ? error.message : String(error);
        const attempts = job.attempts + 1;
        await db.insert(siteBuilds).values({
          blogId,
          status: "failed",
          full: job.full,
          startedAt,
          finishedAt,
          durationMs: finishedAt.getTime() - startedAt.getTime(),
          error: message.slice(0, 2000),
        });
        // The next attempt renders everything: the live files may be partly updated.
        await db
          .update(renderJobs)
          .set({ startedAt: null, attempts, full: true })
          .where(eq(renderJobs.blogId, blogId));
        live.delete(blogId);
        deps.log?.error(
          { blogId, err: error, attempts },
          "blog render failed; the previous site stays live",
        );
        if (attempts < maxAttempts && !stopped) {
          const timer = setTimeout(() => {
            retryTimers.delete(timer);
            schedule(blogId);
          }, retryDelayMs(attempts));
          retryTimers.add(timer);
        }
      }
    } finally {
      running.delete(blogId);
      scheduled.delete(blogId);
      if (again) schedule(blogId);
    }
  }

  return {
    async enqueue(blogId, change) {
      await db.transaction(async (tx) => {
        const row = await tx.select().from(renderJobs).where(eq(renderJobs.blogId, blogId)).get();
        let now = clock();
        if (row) {
          // requestedAt is the job's version: it must move even for two changes in one millisecond.
          if (now.getTime() <= row.requestedAt.getTime())
            now = new Date(row.requestedAt.getTime() + 1);
          const postIds = [...new Set([...row.postIds, ...(change.postIds ?? [])])];
          // A new change is a new chance: reset the attempts of a job that had given up.
          await tx
            .update(renderJobs)
            .set({ full: row.full || Boolean(change.full), postIds, requestedAt: now, attempts: 0 })
            .where(eq(renderJobs.blogId, blogId));
        } else {
          await tx.insert(renderJobs).values({
            blogId,
            full: Boolean(change.full),
            postIds: change.postIds ?? [],
            requestedAt: now,
          });
        }
      });
      schedule(blogId);
    },

    async resume() {
      const rows = await db.select({ blogId: renderJobs.blogId }).from(renderJobs);
      for (const { blogId } of rows) schedule(blogId);
    },

    stateOf(blogId) {
      if (running.has(blogId)) return "rendering";
      if (scheduled.has(blogId)) return "queued";
      return "idle";
    },

    liveSnapshot: (blogId) => live.get(blogId),

    onIdle: () => queue.onIdle(),

    async stop() {
      stopped = true;
      for (const timer of retryTimers) clearTimeout(timer);
      queue.clear();
      await queue.onIdle();
    },
  };
}
