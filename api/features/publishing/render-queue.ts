import { availableParallelism } from "node:os";
import { and, eq } from "drizzle-orm";
import PQueue from "p-queue";
import { renderFull, renderIncremental } from "../../../site-builder/pipeline/render-site.ts";
import type { DrawCard } from "../../../site-builder/pipeline/site-assets.ts";
import type { SiteOutput } from "../../../site-builder/pipeline/site-output.ts";
import type { Theme } from "../../../site-builder/pipeline/theme.ts";
import type { Site } from "../../../site-builder/theme/lib/site.ts";
import type { Database } from "../../db/client.ts";
import { first } from "../../db/query.ts";
import { blogs, renderJobs, siteBuilds } from "../../db/schema.ts";
import { fullStorageOf } from "../../db/write-health.ts";
import { recordChange } from "./outbox.ts";
import type { SiteSnapshot, SnapshotScope } from "./snapshot.ts";

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
  /** Social cards drawn after the pages per run (default: the pipeline's). */
  cardBudget?: number;
  /** Draws a social card (default: the pipeline's satori + resvg). */
  drawCard?: DrawCard;
  /** Pause before the retry that follows the `attempt`-th failure in a row (1, 2, …). */
  retryDelayMs?: (attempt: number) => number;
  log?: {
    info: (obj: object, msg: string) => void;
    warn?: (obj: object, msg: string) => void;
    error: (obj: object, msg: string) => void;
  };
  onRendered?: (
    blogId: string,
    result: { full: boolean; pagesWritten: number; durationMs: number },
  ) => void;
};

export type RenderState = "queued" | "rendering" | "retrying" | "idle";

/** A blog whose last render (or its bookkeeping) failed, and when it is tried again. */
export type RenderRetry = { attempts: number; nextAttemptAt: Date; error: string };

export type RenderQueue = {
  /** Records the change (persisted) and makes sure one render will pick it up. */
  enqueue: (blogId: string, change: BlogChange) => Promise<void>;
  /**
   * Runs the blog's pending row now: its change was recorded in the outbox, in the transaction
   * that made it (api/features/publishing/outbox.ts), and has committed.
   */
  dispatch: (blogId: string) => void;
  /** Schedules every job left in the database (after a restart). */
  resume: () => Promise<void>;
  /** 'queued' or 'rendering' while work is pending, 'retrying' while waiting after a failure. */
  stateOf: (blogId: string) => RenderState;
  /** Set while the blog waits for a retry after a failed render. */
  retryOf: (blogId: string) => RenderRetry | undefined;
  /** Blogs waiting for a retry in this process (their failures may not be in the database). */
  failing: () => { blogId: string; retry: RenderRetry }[];
  /** The snapshot the blog's live files were rendered from, if this process rendered them. */
  liveSnapshot: (blogId: string) => Site | undefined;
  onIdle: () => Promise<void>;
  stop: () => Promise<void>;
};

/** The longest pause between two attempts: a few minutes, so a fixed fault heals soon. */
export const maxRetryDelayMs = 2 * 60 * 1000;

/** 1 s, 2 s, 4 s … doubling after each failure in a row, at most `maxRetryDelayMs`. */
export const defaultRetryDelayMs = (attempt: number) =>
  Math.min(maxRetryDelayMs, 1000 * 2 ** Math.max(0, attempt - 1));

/**
 * What the owner is told about a failed render (site status, /healthz): a full disk in plain
 * words, never a server path or a query's parameters (drizzle puts them in its messages).
 */
export function renderErrorMessage(error: unknown): string {
  const full = fullStorageOf(error);
  if (full === "database") return "The database disk is full";
  if (full === "files") return "The disk of the rendered sites is full (no space left on device)";
  const message = error instanceof Error ? error.message : String(error);
  return (message.split("\nparams:")[0] ?? message).slice(0, 2000);
}
const messageOf = renderErrorMessage;

/**
 * The render queue: at most one pending job per blog, persisted in `render_jobs`. Changes that
 * arrive while a blog renders are merged into its row and make exactly one more run. A failed
 * render leaves the previous site live, is recorded in `site_builds`, and is retried with
 * backoff (capped at a few minutes) for as long as it fails; the row stays, so a restart picks
 * the work up again.
 *
 * Its own bookkeeping writes (start time, build records) may fail too, for example with a full
 * database disk: such a failure is logged and the job retried like a failed render. Nothing a
 * job does can reject out of the queue (decision 070).
 */
export function createRenderQueue(deps: RenderQueueDeps): RenderQueue {
  const clock = deps.clock ?? (() => new Date());
  const retryDelayMs = deps.retryDelayMs ?? defaultRetryDelayMs;
  const queue = new PQueue({
    concurrency: deps.concurrency ?? Math.max(1, availableParallelism()),
  });
  const scheduled = new Set<string>();
  const running = new Set<string>();
  const live = new Map<string, Site>();
  const retries = new Map<string, RenderRetry & { timer: NodeJS.Timeout }>();
  /** Blogs whose last render left social cards undrawn (past its budget): the next one looks. */
  const cardBacklogs = new Set<string>();
  let stopped = false;

  const { db } = deps;

  function schedule(blogId: string) {
    if (stopped || scheduled.has(blogId)) return;
    const retry = retries.get(blogId);
    if (retry) clearTimeout(retry.timer);
    scheduled.add(blogId);
    queue
      .add(() => run(blogId))
      .catch((error: unknown) => {
        // run() catches everything it expects; this is the last guard for the process.
        scheduled.delete(blogId);
        deps.log?.error({ blogId, err: error }, "render job failed unexpectedly");
      });
  }

  /** A committed request for the blog is pending: run it now (a new change tries at once). */
  function dispatch(blogId: string) {
    const retry = retries.get(blogId);
    if (retry) {
      clearTimeout(retry.timer);
      retries.delete(blogId);
    }
    schedule(blogId);
  }

  /** After a failure: try again later, for as long as it takes (a new change tries at once). */
  function retryLater(blogId: string, attempts: number, error: unknown) {
    if (stopped) return;
    const delay = retryDelayMs(attempts);
    const timer = setTimeout(() => {
      const retry = retries.get(blogId);
      if (retry?.timer === timer) schedule(blogId);
    }, delay);
    const previous = retries.get(blogId);
    if (previous) clearTimeout(previous.timer);
    retries.set(blogId, {
      attempts,
      nextAttemptAt: new Date(clock().getTime() + delay),
      error: messageOf(error),
      timer,
    });
  }

  /** Best effort: a bookkeeping write that fails is logged, and the caller carries on. */
  /**
   * A blog deleted while it rendered (its rows, the job's included, went with it): its files
   * go too and nothing is left to retry. False while it exists, or when that cannot be read.
   */
  async function forgetIfDeleted(blogId: string): Promise<boolean> {
    const exists = await first(db.select({ id: blogs.id }).from(blogs).where(eq(blogs.id, blogId)))
      .then(Boolean)
      .catch(() => true);
    if (exists) return false;
    await deps.output.removeBlog(blogId);
    live.delete(blogId);
    retries.delete(blogId);
    cardBacklogs.delete(blogId);
    return true;
  }

  async function tryWrite(blogId: string, what: string, write: () => Promise<unknown>) {
    try {
      await write();
      return true;
    } catch (error) {
      deps.log?.error({ blogId, err: error }, `render bookkeeping failed: ${what}`);
      return false;
    }
  }

  async function run(blogId: string): Promise<void> {
    let again = false;
    running.add(blogId);
    const attemptsBefore = retries.get(blogId)?.attempts ?? 0;
    try {
      const job = await first(db.select().from(renderJobs).where(eq(renderJobs.blogId, blogId)));
      if (!job) {
        retries.delete(blogId);
        return;
      }
      const attempts = Math.max(job.attempts, attemptsBefore) + 1;
      const startedAt = clock();
      // Only shown in /healthz ('running'): the render goes ahead without it.
      await tryWrite(blogId, "start time", () =>
        db.update(renderJobs).set({ startedAt }).where(eq(renderJobs.blogId, blogId)),
      );
      let result: Awaited<ReturnType<typeof renderFull>>;
      let snapshot: SiteSnapshot | undefined;
      try {
        const previous = live.get(blogId);
        const hasLiveFiles = await deps.output.hasLive(blogId);
        const incremental = !job.full && previous !== undefined && hasLiveFiles;
        snapshot = await deps.loadSnapshot(
          blogId,
          incremental ? { kind: "changed", previous, postIds: job.postIds } : { kind: "all" },
        );
        if (!snapshot) {
          // The blog was deleted: its files go too.
          await deps.output.removeBlog(blogId);
          live.delete(blogId);
          await db.delete(renderJobs).where(eq(renderJobs.blogId, blogId));
          retries.delete(blogId);
          return;
        }
        // A card that cannot be drawn leaves its page as it is: logged, tried on the next render.
        const cards = {
          cardBudget: deps.cardBudget,
          cardBacklog: cardBacklogs.has(blogId),
          drawCard: deps.drawCard,
          onCardError: (card: { file: string }, error: unknown) =>
            deps.log?.warn?.({ blogId, card: card.file, err: error }, "social card not drawn"),
        };
        result = incremental
          ? await renderIncremental(
              deps.theme,
              deps.output,
              previous,
              snapshot.site,
              job.postIds,
              cards,
            )
          : await renderFull(deps.theme, deps.output, snapshot.site, cards);
        await deps.output.setHosts(blogId, deps.hostsOf(snapshot));
        live.set(blogId, snapshot.site);
      } catch (error) {
        const finishedAt = clock();
        // The next attempt renders everything: the live files may be partly updated.
        live.delete(blogId);
        deps.log?.error(
          { blogId, err: error, attempts },
          "blog render failed; the previous site stays live",
        );
        await tryWrite(blogId, "failed build", () =>
          db.transaction(async (tx) => {
            await tx.insert(siteBuilds).values({
              blogId,
              status: "failed",
              full: job.full,
              startedAt,
              finishedAt,
              durationMs: finishedAt.getTime() - startedAt.getTime(),
              error: messageOf(error).slice(0, 2000),
            });
            await tx
              .update(renderJobs)
              .set({ startedAt: null, attempts, full: true })
              .where(eq(renderJobs.blogId, blogId));
          }),
        );
        if (await forgetIfDeleted(blogId)) return;
        retryLater(blogId, attempts, error);
        return;
      }
      const finishedAt = clock();
      const durationMs = finishedAt.getTime() - startedAt.getTime();
      // The files are live; what is left is the record. If it cannot be written, the job stays
      // and is run again later (cheap: the next run is incremental from the live snapshot).
      let removed = false;
      const recorded = await tryWrite(blogId, "build record", () =>
        db.transaction(async (tx) => {
          await tx.insert(siteBuilds).values({
            blogId,
            status: "succeeded",
            full: result.full,
            pagesWritten: result.pagesWritten,
            startedAt,
            finishedAt,
            durationMs,
          });
          // Finished: drop the job unless a change arrived meanwhile (then run exactly once more).
          const gone = await tx
            .delete(renderJobs)
            .where(and(eq(renderJobs.blogId, blogId), eq(renderJobs.requestedAt, job.requestedAt)))
            .returning({ blogId: renderJobs.blogId });
          removed = gone.length > 0;
          if (!removed) {
            await tx
              .update(renderJobs)
              .set({ startedAt: null, attempts: 0 })
              .where(eq(renderJobs.blogId, blogId));
          }
        }),
      );
      deps.log?.info({ blogId, ...result, durationMs }, "blog rendered");
      deps.onRendered?.(blogId, { ...result, durationMs });
      if (!recorded) {
        if (await forgetIfDeleted(blogId)) return;
        retryLater(blogId, attempts, new Error("The render could not be recorded"));
        return;
      }
      retries.delete(blogId);
      again = !removed;
      // Social cards past the render's budget (a change of look): one more run draws the next
      // ones, after any publish that arrived meanwhile (decision 120).
      if (result.cardsPending > 0) cardBacklogs.add(blogId);
      else cardBacklogs.delete(blogId);
      if (result.cardsPending > 0 && !again) {
        again = await tryWrite(blogId, "card backlog", () =>
          db.transaction((tx) => recordChange(tx, blogId, {}, clock())),
        );
      }
    } catch (error) {
      // Reading the job failed (the database is unreachable): try again later.
      const attempts = attemptsBefore + 1;
      deps.log?.error({ blogId, err: error, attempts }, "render job could not run");
      retryLater(blogId, attempts, error);
    } finally {
      running.delete(blogId);
      scheduled.delete(blogId);
      if (again) schedule(blogId);
    }
  }

  return {
    async enqueue(blogId, change) {
      await db.transaction((tx) => recordChange(tx, blogId, change, clock()));
      dispatch(blogId);
    },

    dispatch,

    async resume() {
      const rows = await db.select({ blogId: renderJobs.blogId }).from(renderJobs);
      for (const { blogId } of rows) schedule(blogId);
    },

    stateOf(blogId) {
      if (running.has(blogId)) return "rendering";
      if (scheduled.has(blogId)) return "queued";
      if (retries.has(blogId)) return "retrying";
      return "idle";
    },

    retryOf(blogId) {
      const retry = retries.get(blogId);
      return (
        retry && {
          attempts: retry.attempts,
          nextAttemptAt: retry.nextAttemptAt,
          error: retry.error,
        }
      );
    },

    failing: () =>
      [...retries].map(([blogId, r]) => ({
        blogId,
        retry: { attempts: r.attempts, nextAttemptAt: r.nextAttemptAt, error: r.error },
      })),

    liveSnapshot: (blogId) => live.get(blogId),

    onIdle: () => queue.onIdle(),

    async stop() {
      stopped = true;
      for (const retry of retries.values()) clearTimeout(retry.timer);
      queue.clear();
      await queue.onIdle();
    },
  };
}
