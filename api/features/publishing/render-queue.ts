import { availableParallelism } from "node:os";
import { and, eq } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import PQueue from "p-queue";
import { renderFull, renderIncremental } from "../../../site-builder/pipeline/render-site.ts";
import type { DrawCard } from "../../../site-builder/pipeline/site-assets.ts";
import type { SiteOutput } from "../../../site-builder/pipeline/site-output.ts";
import type { Theme } from "../../../site-builder/pipeline/theme.ts";
import type { WorkerPool } from "../../../site-builder/pipeline/worker-pool.ts";
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
  /**
   * Runs at once (default `runsAtOnce`). Most are a publish's few pages, which spend their time
   * waiting for turns of a busy event loop rather than on a core (decision 254).
   */
  concurrency?: number;
  /** Full renders at once, each holding a whole blog and the render threads (default: cores). */
  fullConcurrency?: number;
  /** Bytes of blogs' last snapshots kept for incremental renders (default 128 MB). */
  liveSnapshotBytes?: number;
  /** Social cards drawn after the pages per run (default: the pipeline's). */
  cardBudget?: number;
  /** Draws a social card (default: the pipeline's satori + resvg). */
  drawCard?: DrawCard;
  /** Worker threads that render a full render's pages (default: on the queue's own thread). */
  workers?: WorkerPool;
  /** Pause before the retry that follows the `attempt`-th failure in a row (1, 2, …). */
  retryDelayMs?: (attempt: number) => number;
  /**
   * Queues the blog's next try in `delayMs`: the job queue's `render` job (key: the blog), whose
   * handler dispatches the blog here (decision 322). The render queue keeps no timer of its own:
   * without it (scripts, tests without a job queue) a failed render is shown as retrying and
   * tried again at the blog's next dispatch or `resume`.
   */
  retryLater?: (blogId: string, delayMs: number) => Promise<void>;
  log?: {
    info: (obj: object, msg: string) => void;
    warn?: (obj: object, msg: string) => void;
    error: (obj: object, msg: string) => void;
  };
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
  /**
   * Resolves once nothing is queued or rendering for the blog (at once if nothing is): a worker
   * that ran a blog's render job waits for it here.
   */
  settled: (blogId: string) => Promise<void>;
  /** Set from a failed render until one succeeds (the blog's next try waits on the job queue). */
  retryOf: (blogId: string) => RenderRetry | undefined;
  /** Blogs waiting for a retry in this process (their failures may not be in the database). */
  failing: () => { blogId: string; retry: RenderRetry }[];
  /** The snapshot the blog's live files were rendered from, if this process rendered them. */
  liveSnapshot: (blogId: string) => Site | undefined;
  onIdle: () => Promise<void>;
  stop: () => Promise<void>;
};

/**
 * Runs under way at once by default (decisions 254, 280): a blog's run holds its place until its
 * pages are live, and under load a publish's run spends nearly all of that waiting for turns of
 * the event loop, so with one place per core twenty blogs' publishes queued behind each other
 * (a second and more, where each run takes tens of milliseconds), and with eight places still
 * ~100 ms. Full renders also take one of `fullConcurrency` places.
 */
export const runsAtOnce = 32;

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
  // A file system error names the server's folders in its message: its code says enough.
  const { code, syscall } = (error ?? {}) as { code?: unknown; syscall?: unknown };
  if (typeof code === "string" && typeof syscall === "string")
    return `The rendered site's files could not be written (${code} on ${syscall})`;
  const message = error instanceof Error ? error.message : String(error);
  return (message.split("\nparams:")[0] ?? message).slice(0, 2000);
}
const messageOf = renderErrorMessage;

/**
 * The render queue: at most one pending job per blog, persisted in `render_jobs`. Changes that
 * arrive while a blog renders are merged into its row and make exactly one more run. A failed
 * render leaves the previous site live, is recorded in `site_builds`, and is retried with
 * backoff (capped at a few minutes) for as long as it fails, each try a job of the job queue
 * (`retryLater`); the row stays, so a restart picks the work up again.
 *
 * Its own bookkeeping writes (start time, build records) may fail too, for example with a full
 * database disk: such a failure is logged and the job retried like a failed render. Nothing a
 * job does can reject out of the queue (decision 070).
 */
/** About the memory a post holds in a snapshot: its HTML and excerpt, and the rest of it. */
const postBytes = (post: Site["posts"][number] | undefined) =>
  post ? post.html.length + post.excerpt.length + 512 : 0;

/** About the memory a snapshot holds: its posts, and a little for the rest. */
export const snapshotBytes = (site: Site) =>
  site.posts.reduce((bytes, post) => bytes + postBytes(post), 4096);

/** Sizes of the snapshots kept, so an incremental one is sized from its changes. */
const sizes = new WeakMap<Site, number>();

/**
 * The size of `after`, an incremental snapshot of `before` that differs in the posts
 * `postIds` only: the same sum as `snapshotBytes`, without walking 10,000 posts per publish.
 */
export function sizeAfterChange(before: Site, after: Site, postIds: string[]): number {
  let bytes = sizes.get(before) ?? snapshotBytes(before);
  let count = before.posts.length;
  for (const id of new Set(postIds)) {
    const [was, is] = [before.postsById.get(id), after.postsById.get(id)];
    bytes += postBytes(is) - postBytes(was);
    count += Number(is !== undefined) - Number(was !== undefined);
  }
  // Read whole after all (a change nobody announced): sized whole.
  return count === after.posts.length ? bytes : snapshotBytes(after);
}

export function createRenderQueue(deps: RenderQueueDeps): RenderQueue {
  const clock = deps.clock ?? (() => new Date());
  const retryDelayMs = deps.retryDelayMs ?? defaultRetryDelayMs;
  const queue = new PQueue({
    concurrency: deps.concurrency ?? runsAtOnce,
  });
  const cores = Math.max(1, availableParallelism());
  const fullRenders = new PQueue({ concurrency: deps.fullConcurrency ?? cores });
  /** Waits for a place among the full renders; resolves with its release. */
  const fullRenderSlot = () =>
    new Promise<() => void>((granted) => {
      void fullRenders.add(() => new Promise<void>((release) => granted(release)));
    });
  /** Blogs with a run waiting for a place or making its pages (at most one each). */
  const scheduled = new Set<string>();
  /** Runs under way, including those past their pages (drawing cards, recording the build). */
  const tails = new Set<Promise<void>>();
  const running = new Set<string>();
  /** Who waits for a blog's pending work to end (`settled`). */
  const settledWaiters = new Map<string, (() => void)[]>();
  const busy = (blogId: string) => scheduled.has(blogId) || running.has(blogId);
  /** Tells those waiting for the blog once nothing is queued or rendering for it. */
  function notifySettled(blogId: string) {
    if (busy(blogId) && !stopped) return;
    const waiting = settledWaiters.get(blogId);
    settledWaiters.delete(blogId);
    for (const resolve of waiting ?? []) resolve();
  }
  /** The latest run of each blog (an earlier one may still be drawing its cards). */
  const latestRun = new Map<string, object>();
  /** Blogs whose run is making its pages: a change dispatched now runs again once they are live. */
  const makingPages = new Set<string>();
  const changedWhileMaking = new Set<string>();
  // The last snapshot of each blog, reused by its next incremental render; bounded (decision
  // 160): past `liveSnapshotBytes` the least recently rendered blogs' go, and their next render
  // is a full one.
  const live = new LRUCache<string, Site>({
    maxSize: deps.liveSnapshotBytes ?? 128 * 1024 * 1024,
    sizeCalculation: (site) => sizes.get(site) ?? snapshotBytes(site),
  });
  /**
   * Blogs whose last run here failed. `version` is the failed request's `requestedAt` (when it
   * was read): a run of the same request goes on with the back-off, a newer change starts
   * afresh. `queued`: the retry is a job of the job queue.
   */
  const retries = new Map<string, RenderRetry & { version?: number; queued: boolean }>();
  /**
   * A failure is shown until a run here ends, or, once its retry is queued, until the retry's
   * time: any worker of a shared queue may take that job (and keeps its own record if it fails
   * again), as this process's timer used to end it then. One that could not be queued is this
   * process's to show until the sweep's job runs it.
   */
  const shownRetry = (blogId: string) => {
    const retry = retries.get(blogId);
    if (!retry || (retry.queued && retry.nextAttemptAt.getTime() <= clock().getTime()))
      return undefined;
    return { attempts: retry.attempts, nextAttemptAt: retry.nextAttemptAt, error: retry.error };
  };
  /** Blogs whose last render left social cards undrawn (past its budget): the next one looks. */
  const cardBacklogs = new Set<string>();
  let stopped = false;

  const { db } = deps;

  function schedule(blogId: string) {
    if (stopped) return;
    if (scheduled.has(blogId)) {
      // The run may have read its job before this change: one more run once its pages are live.
      if (makingPages.has(blogId)) changedWhileMaking.add(blogId);
      return;
    }
    scheduled.add(blogId);
    // A run holds its place in the queue, and its blog, until its pages are live; its cards
    // (drawn in their own process) and its record (waiting for the write lock) finish outside
    // it, so they hold back neither the next blog's pages nor the blog's own next publish.
    void queue.add(
      () =>
        new Promise<void>((slotFree) => {
          const tail = run(blogId, slotFree)
            .catch((error: unknown) => {
              // run() catches everything it expects; this is the last guard for the process.
              if (latestRun.get(blogId) === undefined) scheduled.delete(blogId);
              deps.log?.error({ blogId, err: error }, "render job failed unexpectedly");
            })
            .finally(() => {
              slotFree();
              tails.delete(tail);
              notifySettled(blogId);
            });
          tails.add(tail);
        }),
    );
  }

  /**
   * A committed request for the blog is pending: run it now. A new change tries at once; its
   * run starts the back-off afresh (its row's version is newer than the failed one's).
   */
  function dispatch(blogId: string) {
    schedule(blogId);
  }

  /**
   * After a failure: the job queue runs the blog again after the back-off, for as long as it
   * fails (a new change tries at once). A try that cannot be queued (the database is full or
   * unreachable) is queued by the job queue's sweep of pending rows, every minute.
   */
  async function retryLater(blogId: string, attempts: number, error: unknown, version?: number) {
    if (stopped) return;
    const delay = retryDelayMs(attempts);
    const retry = {
      attempts,
      nextAttemptAt: new Date(clock().getTime() + delay),
      error: messageOf(error),
      version: version ?? retries.get(blogId)?.version,
      queued: false,
    };
    retries.set(blogId, retry);
    try {
      if (!deps.retryLater) return;
      await deps.retryLater(blogId, delay);
      retry.queued = true;
    } catch (queueing) {
      deps.log?.error({ blogId, err: queueing }, "render retry not queued (the sweep queues it)");
    }
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

  /** `pagesLive` is called once the run's pages are live (or it ends without any). */
  async function run(blogId: string, pagesLive: () => void): Promise<void> {
    let again = false;
    let startWrite: Promise<unknown> | undefined;
    let bodiesStored: Promise<void> | undefined;
    const token = {};
    latestRun.set(blogId, token);
    running.add(blogId);
    makingPages.add(blogId);
    let released = false;
    /**
     * The pages are live (`site` is what they show): the blog is free for its next run, which
     * renders from this snapshot while this one draws its cards and records itself. Their files
     * differ (pages, content-named cards); the build record of each run names its own job.
     */
    const release = (site?: Site, size?: number) => {
      if (released) return;
      released = true;
      if (site) live.set(blogId, site, size === undefined ? {} : { size });
      makingPages.delete(blogId);
      scheduled.delete(blogId);
      if (changedWhileMaking.delete(blogId)) schedule(blogId);
    };
    const failed = retries.get(blogId);
    try {
      // A change is dispatched right after its commit, before the request that made it has
      // answered: that answer goes out first (the publish's own page is served from it).
      await new Promise((turn) => setImmediate(turn));
      const job = await first(db.select().from(renderJobs).where(eq(renderJobs.blogId, blogId)));
      if (!job) {
        retries.delete(blogId);
        // Gone with its blog (deleted since the change was dispatched): its files go too.
        await forgetIfDeleted(blogId);
        return;
      }
      // The row counts the failed tries of its request, unless that count could not be written:
      // then this process's count goes on, for the same request (a new change starts afresh).
      const version = job.requestedAt.getTime();
      const sameRequest = failed && (failed.version ?? version) === version;
      const attempts = Math.max(job.attempts, sameRequest ? failed.attempts : 0) + 1;
      const startedAt = clock();
      // Only shown in /healthz ('running'): the render goes ahead without waiting for it. Under
      // load the write lock has a queue of publishes ahead; the pages need no write to go live,
      // and this run's later writes queue behind this one (the lock is first come, first served).
      // An incremental run writes it once its pages are live: the commit is synchronous on this
      // thread (~2 ms), and a publish's pages are a few tens of milliseconds away.
      const markStarted = () => {
        startWrite ??= tryWrite(blogId, "start time", () =>
          db.update(renderJobs).set({ startedAt }).where(eq(renderJobs.blogId, blogId)),
        );
      };
      let result: Awaited<ReturnType<typeof renderFull>>;
      let snapshot: SiteSnapshot | undefined;
      let releaseFullRender: (() => void) | undefined;
      try {
        const previous = live.get(blogId);
        const hasLiveFiles = await deps.output.hasLive(blogId);
        const incremental = !job.full && previous !== undefined && hasLiveFiles;
        if (!incremental) releaseFullRender = await fullRenderSlot();
        // The threads load the theme while the blog is read.
        if (!incremental) {
          markStarted();
          deps.workers?.warm();
        }
        // A full render reuses the prepared bodies of posts unchanged since the live snapshot.
        snapshot = await deps.loadSnapshot(
          blogId,
          incremental
            ? { kind: "changed", previous, postIds: job.postIds, storeLater: true }
            : { kind: "all", previous },
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
          onPagesLive: () => {
            markStarted();
            // The new post's prepared body is stored now, with the start time: one COMMIT
            // (an fsync on this thread) after the pages instead of one before them (decision 231).
            bodiesStored = snapshot?.storeBodies?.();
            const site = snapshot?.site;
            if (site) {
              const size =
                incremental && previous
                  ? sizeAfterChange(previous, site, job.postIds)
                  : snapshotBytes(site);
              sizes.set(site, size);
              release(site, size);
            }
            pagesLive();
          },
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
          : await renderFull(deps.theme, deps.output, snapshot.site, {
              ...cards,
              workers: deps.workers,
            });
        releaseFullRender?.();
        await deps.output.setHosts(blogId, deps.hostsOf(snapshot));
        // Kept when the pages went live, unless a newer run of the blog has kept its own since.
        if (latestRun.get(blogId) === token) {
          const size = sizes.get(snapshot.site) ?? snapshotBytes(snapshot.site);
          live.set(blogId, snapshot.site, { size });
        }
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
        await retryLater(blogId, attempts, error, version);
        return;
      } finally {
        releaseFullRender?.();
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
      if (!recorded) {
        if (await forgetIfDeleted(blogId)) return;
        await retryLater(blogId, attempts, new Error("The render could not be recorded"), version);
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
      const attempts = (failed?.attempts ?? 0) + 1;
      deps.log?.error({ blogId, err: error, attempts }, "render job could not run");
      await retryLater(blogId, attempts, error);
    } finally {
      await startWrite;
      await bodiesStored;
      const latest = latestRun.get(blogId) === token;
      if (latest) {
        running.delete(blogId);
        latestRun.delete(blogId);
      }
      // A change that came while this run made pages it never made live: run again.
      const rerun = !released && changedWhileMaking.delete(blogId);
      if (!released) {
        released = true;
        makingPages.delete(blogId);
        scheduled.delete(blogId);
      }
      // A newer run, started once these pages were live, read the job after any change this
      // one missed: the newer run covers it (and runs again itself for later ones).
      if ((again && latest) || rerun) schedule(blogId);
    }
  }

  async function onIdle() {
    // A run past its pages may queue one more run when it ends.
    while (queue.size > 0 || queue.pending > 0 || tails.size > 0) {
      await queue.onIdle();
      await Promise.all(tails);
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
      if (shownRetry(blogId)) return "retrying";
      return "idle";
    },

    retryOf: shownRetry,

    failing: () =>
      [...retries.keys()].flatMap((blogId) => {
        const retry = shownRetry(blogId);
        return retry ? [{ blogId, retry }] : [];
      }),

    liveSnapshot: (blogId) => live.get(blogId),

    onIdle,

    settled(blogId) {
      if (!busy(blogId)) return Promise.resolve();
      return new Promise<void>((resolve) => {
        settledWaiters.set(blogId, [...(settledWaiters.get(blogId) ?? []), resolve]);
      });
    },

    async stop() {
      stopped = true;
      queue.clear();
      await onIdle();
      for (const blogId of [...settledWaiters.keys()]) notifySettled(blogId);
    },
  };
}
