import type { AiGate } from "../ai/gate.ts";
import { createSessionStore } from "../auth/sessions.ts";
import type { Database } from "../db/client.ts";
import type { ImportRunner } from "../features/imports/runner.ts";
import type { ContentEvents } from "../features/publishing/content-events.ts";
import type { Publishing } from "../features/publishing/publishing.ts";
import type { Logger } from "../logger.ts";
import type { CpuPool } from "../workers/cpu-pool.ts";
import { startContentAutomation } from "./content-automation.ts";
import { startPeriodic } from "./periodic.ts";
import { startScheduledPublishing } from "./scheduled-publishing.ts";
import { startWeeklySuggestions } from "./weekly-suggestions.ts";

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
};

/** A running job: `stop` waits for work in progress; `runSoon` runs it now if it can. */
export type RunningJob = { stop: () => Promise<void>; runSoon?: () => void };

const minute = 60 * 1000;

/**
 * Every background job of Blogfleet, in one list (ARCHITECTURE 'Seams: Jobs'). Each decides
 * from the database what is due, so a restart neither loses nor doubles work, and the same list
 * can run in another process by starting it there.
 */
export const jobs = [
  {
    // Render requests are written with the change they render (the outbox), so every one that
    // was pending when the last process stopped (or was killed) runs now. This may not stop the
    // start: with the database disk full, the server still serves reads and
    // the queue retries its writes until there is room (decision 070).
    name: "renders",
    start: ({ publishing, logger }) => {
      publishing.queue
        .resume()
        .catch((error: unknown) =>
          logger.error({ err: error }, "pending renders could not be read"),
        );
      return { stop: () => publishing.queue.stop() };
    },
  },
  {
    // Publishes what fell due (also while the server was down), then at the next due time.
    name: "scheduled publishing",
    start: ({ db, logger, contentEvents }) =>
      startScheduledPublishing({ db, logger, contentEvents }),
  },
  {
    // Due generations now (catching up after a restart) and every minute.
    name: "content automation",
    start: ({ db, ai, contentEvents, cpu, logger }) =>
      startContentAutomation({ db, ai, contentEvents, cpu, logger }),
  },
  {
    // Affiliate programs per blog and blog ideas per owner, weekly (the database keeps the dates).
    name: "weekly suggestions",
    start: ({ db, ai, logger }) => startWeeklySuggestions({ db, ai, logger }),
  },
  {
    // Imports a restart interrupted go on after the last item written (decision 144).
    name: "imports",
    start: ({ imports }) => {
      imports?.kick();
      return { stop: async () => imports?.stop(), runSoon: () => imports?.kick() };
    },
  },
  {
    // Reader analytics (issue 18): waiting hits are written every second by the counter
    // itself; here, changed days are rolled up every minute, salts of past days and raw hits
    // past their retention deleted hourly, and on stop every waiting hit is written.
    name: "analytics rollups",
    start: ({ publishing, logger }) => {
      const { analytics } = publishing;
      let lastCleanUp = 0;
      const periodic = startPeriodic(
        async () => {
          if (lastCleanUp === 0) await analytics.catchUp();
          else await analytics.rollUp();
          if (Date.now() - lastCleanUp >= 60 * minute) {
            await analytics.cleanUp();
            lastCleanUp = Date.now();
          }
        },
        { intervalMs: minute, logger, failure: "analytics rollup failed" },
      );
      return {
        runSoon: periodic.runSoon,
        stop: async () => {
          await periodic.stop();
          await analytics.flush();
        },
      };
    },
  },
  {
    // Expired sessions are refused anyway; this only keeps the table small.
    name: "session cleanup",
    start: ({ db, logger }) => {
      const sessions = createSessionStore(db);
      return startPeriodic(() => sessions.deleteExpired(), {
        intervalMs: 60 * minute,
        logger,
        failure: "session cleanup failed",
      });
    },
  },
] as const satisfies readonly { name: string; start: (deps: JobDeps) => RunningJob }[];

export type JobName = (typeof jobs)[number]["name"];

/**
 * Starts the jobs (all of them, or those named) and returns one handle: `stop` stops them all,
 * waiting for work in progress; `runSoon(name)` asks one to run now.
 */
export function startJobs(deps: JobDeps, only?: readonly JobName[]) {
  const running = new Map<JobName, RunningJob>();
  for (const job of jobs) {
    if (only && !only.includes(job.name)) continue;
    running.set(job.name, job.start(deps));
  }
  return {
    runSoon: (name: JobName) => running.get(name)?.runSoon?.(),
    stop: async () => {
      await Promise.all([...running.values()].map((job) => job.stop()));
    },
  };
}
