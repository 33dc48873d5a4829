import { asc, isNotNull } from "drizzle-orm";
import type { AiGate } from "../ai/gate.ts";
import { createSessionStore } from "../auth/sessions.ts";
import type { Database } from "../db/client.ts";
import { posts, renderJobs } from "../db/schema.ts";
import { runWeeklyBlogIdeas } from "../features/blog-recommendations/service.ts";
import type { ImportRunner } from "../features/imports/runner.ts";
import type { ContentEvents } from "../features/publishing/content-events.ts";
import type { Publishing } from "../features/publishing/publishing.ts";
import type { Logger } from "../logger.ts";
import type { CpuPool } from "../workers/cpu-pool.ts";
import { runDueAutomation } from "./content-automation.ts";
import type { JobQueue } from "./queue.ts";
import { publishDuePosts } from "./scheduled-publishing.ts";
import { runWeeklyAffiliatePrograms } from "./weekly-suggestions.ts";

/** What the jobs need; the composition root (api/server.ts) builds it once. */
export type JobDeps = {
  db: Database;
  ai: AiGate;
  publishing: Publishing;
  contentEvents: ContentEvents;
  cpu?: CpuPool;
  logger: Logger;
  /** The import runner the app queues imports on (absent: imports do not run here). */
  imports?: ImportRunner;
  /** The job queue: pg-boss on PostgreSQL, the SQLite queue otherwise (decision 320). */
  queue: JobQueue;
};

/** A job of the list: registers its handlers (and schedule) on the queue of a worker. */
type Job = {
  name: string;
  /** Starts working the job here; the queue keeps its schedule and its waiting jobs. */
  start: (deps: JobDeps) => Promise<void>;
};

/** The queue's name for a job of the list (pg-boss names take no spaces). */
export const queueNameOf = (name: string) => name.replaceAll(" ", "-");

/** Runs `run` every `everySeconds` as one job across every worker (none when it still runs). */
const periodic =
  (name: string, everySeconds: number, run: (deps: JobDeps) => Promise<unknown>) =>
  async (deps: JobDeps) => {
    await deps.queue.work(queueNameOf(name), async () => {
      await run(deps);
    });
    await deps.queue.schedule(queueNameOf(name), everySeconds);
  };

/**
 * Every background job of Blogfleet, in one list (ARCHITECTURE 'Seams: Jobs'; decisions 191,
 * 320): each render, import and periodic run is a job of the queue, which one worker takes; on
 * PostgreSQL a worker that dies leaves it to another, on SQLite the next start takes it. Each
 * job decides from the database what is due, so a job run twice finds nothing left to do.
 */
export const jobs = [
  {
    // A render per blog at a time across all workers (the blog's id is the job's key), as
    // many blogs at once as the workers' render queues take. The outbox row is the truth: every
    // minute (and at a worker's start) each pending row is queued again, which adds nothing
    // for a blog already waiting, and picks up requests whose job was never queued or whose
    // worker stopped while retrying.
    name: "renders",
    start: async ({ queue, publishing, db }) => {
      await queue.work(
        "render",
        async (data) => {
          const blogId = String(data.blogId);
          publishing.queue.dispatch(blogId);
          await publishing.queue.settled(blogId);
        },
        { concurrency: 4 },
      );
      await queue.work("render-sweep", async () => {
        for (const { blogId } of await db.select({ blogId: renderJobs.blogId }).from(renderJobs)) {
          // Waiting for its next try here: its back-off is kept.
          if (publishing.queue.stateOf(blogId) === "retrying") continue;
          await queue.enqueue("render", { blogId }, { key: blogId });
        }
      });
      await queue.schedule("render-sweep", 60);
    },
  },
  {
    // Every 15 s, and at the next post's time when it falls before the next period.
    name: "scheduled publishing",
    start: periodic("scheduled publishing", 15, async ({ db, contentEvents, logger, queue }) => {
      const published = await publishDuePosts(db, contentEvents, new Date());
      if (published.length > 0) logger.info({ published }, "scheduled posts published");
      const [next] = await db
        .select({ at: posts.scheduledPublishAt })
        .from(posts)
        .where(isNotNull(posts.scheduledPublishAt))
        .orderBy(asc(posts.scheduledPublishAt))
        .limit(1);
      if (next?.at && next.at.getTime() - Date.now() < 15_000)
        await queue.enqueue(
          queueNameOf("scheduled publishing"),
          {},
          {
            key: "scheduled-publishing:next",
            startAfter: next.at,
          },
        );
    }),
  },
  {
    name: "content automation",
    start: periodic("content automation", 60, ({ db, ai, contentEvents, cpu, logger }) =>
      runDueAutomation({ db, ai, contentEvents, cpu, logger }),
    ),
  },
  {
    name: "weekly suggestions",
    start: periodic("weekly suggestions", 60 * 60, async ({ db, ai, logger }) => {
      await runWeeklyBlogIdeas({ db, ai, logger });
      await runWeeklyAffiliatePrograms({ db, ai, logger });
    }),
  },
  {
    // One import runner at a time across workers; a worker that dies mid-import leaves the job
    // to another, which goes on after the last item written (decision 144).
    name: "imports",
    start: async ({ queue, imports }) => {
      if (!imports) return;
      await queue.work(queueNameOf("imports"), async () => {
        imports.kick();
        await imports.idle();
      });
      await queue.enqueue(queueNameOf("imports"));
    },
  },
  {
    name: "analytics rollups",
    start: async (deps) => {
      const { analytics } = deps.publishing;
      let caughtUp = false;
      await periodic("analytics rollups", 60, async () => {
        if (caughtUp) await analytics.rollUp();
        else await analytics.catchUp();
        caughtUp = true;
      })(deps);
      await deps.queue.work("analytics-clean-up", () => analytics.cleanUp());
      await deps.queue.schedule("analytics-clean-up", 60 * 60);
    },
  },
  {
    name: "session cleanup",
    start: periodic("session cleanup", 60 * 60, ({ db }) => createSessionStore(db).deleteExpired()),
  },
] as const satisfies readonly Job[];

export type JobName = (typeof jobs)[number]["name"];

/**
 * Starts the jobs (all, or those named) on the queue, in a worker or a process of role `all`;
 * `runSoon` queues a run now, which any worker may take; `stop` waits for work in progress.
 */
export async function startJobs(deps: JobDeps, only?: readonly JobName[]) {
  for (const job of jobs) if (!only || only.includes(job.name)) await job.start(deps);
  return {
    runSoon: (name: JobName) => {
      void deps.queue
        .enqueue(queueNameOf(name))
        .catch((error: unknown) => deps.logger.error({ err: error, job: name }, "job not queued"));
    },
    stop: async () => {
      await deps.queue.stop();
      await Promise.all([deps.publishing.queue.stop(), deps.imports?.stop()]);
    },
  };
}

/**
 * What a web process hands its routes instead of an import runner (PostgreSQL mode): starting
 * an import queues a job that a worker takes.
 */
export function queuedImports(queue: JobQueue, logger: Logger): ImportRunner {
  return {
    kick: () => {
      queue
        .enqueue(queueNameOf("imports"))
        .catch((error: unknown) => logger.error({ err: error }, "import not queued"));
    },
    idle: async () => {},
    stop: async () => {},
  };
}
