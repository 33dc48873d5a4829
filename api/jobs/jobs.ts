import { asc, isNotNull } from "drizzle-orm";
import type { AiGate } from "../ai/gate.ts";
import { createSessionStore } from "../auth/sessions.ts";
import type { Database } from "../db/client.ts";
import { posts, renderJobs } from "../db/schema.ts";
import { deleteExpiredActivity } from "../features/activity/retention.ts";
import { runWeeklyBlogIdeas } from "../features/blog-recommendations/service.ts";
import { enqueueImport, type ImportQueue, type ImportRunner } from "../features/imports/runner.ts";
import { indexNowJob } from "../features/indexnow/pings.ts";
import { type IndexNowSettings, indexNowSubmitter } from "../features/indexnow/submit.ts";
import { defaultLinkCheckOptions } from "../features/link-health/check-link.ts";
import { runLinkHealth } from "../features/link-health/runner.ts";
import { sendIssue } from "../features/newsletters/delivery.ts";
import { makeDueIssues } from "../features/newsletters/issues.ts";
import { sendNotificationEmails } from "../features/notifications/emails.ts";
import type { ContentEvents } from "../features/publishing/content-events.ts";
import type { Publishing } from "../features/publishing/publishing.ts";
import {
  enqueueGeneration,
  type GenerationQueue,
  type Writer,
} from "../features/writer/service.ts";
import type { Logger } from "../logger.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { CpuPool } from "../workers/run.ts";
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
  /** Runs the jobs of imports here (absent: imports do not run here). */
  imports?: ImportRunner;
  /** The job queue: pg-boss on PostgreSQL, the SQLite queue otherwise (decision 320). */
  queue: JobQueue;
  /** Runs the AI writer's generations here (absent: they do not run here). */
  writer?: Writer;
  /** Outgoing e-mail (SMTP_URL); absent: notifications are not e-mailed. */
  mailer?: Mailer;
  /** APP_ORIGIN, where links in e-mails point (set whenever SMTP is). */
  appOrigin?: string;
  /** NEWSLETTER_BOUNCE_ADDRESS: the envelope sender of newsletters. */
  bounceAddress?: string;
  /** Test injection only: the IndexNow endpoint and pace (production: the public endpoint). */
  indexNow?: IndexNowSettings;
};

/** A job of the list: registers its handlers (and schedule) on the queue of a worker. */
type Job = {
  name: string;
  /** Starts working the job here; the queue keeps its schedule and its waiting jobs. */
  start: (deps: JobDeps) => Promise<void>;
};

/** The queue's name for a job of the list (pg-boss names take no spaces). */
export const queueNameOf = (name: string) => name.replaceAll(" ", "-");

/** The job that sends one newsletter issue (its data: `issueId`). */
const newsletterIssueJob = "newsletter-issue";

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
 * Every background job of Blogfleet, in one list (docs/architecture.md, background jobs; decisions 191,
 * 320): each render, import and periodic run is a job of the queue, which one worker takes; on
 * PostgreSQL a worker that dies leaves it to another, on SQLite the next start takes it. Each
 * job decides from the database what is due, so a job run twice finds nothing left to do.
 */
export const jobs = [
  {
    // A render per blog at a time across all workers (the blog's id is the job's key), as
    // many blogs at once as the workers' render queues take. A failed render's next try is
    // this job too, queued by the render queue after its back-off (decision 322). The outbox
    // row is the truth: every minute (and at a worker's start) each pending row is queued
    // again, which adds nothing for a blog already waiting (a retry's back-off is kept: the
    // sweep does not bring it forward), and picks up requests whose job was never queued (a
    // process that died after its commit, a retry that could not be queued).
    name: "renders",
    // Needs no more than this (a render queue's tests run it on their own queues).
    start: async ({
      queue,
      publishing,
      db,
    }: Pick<JobDeps, "queue" | "db"> & { publishing: Pick<Publishing, "queue"> }) => {
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
        for (const { blogId } of await db.select({ blogId: renderJobs.blogId }).from(renderJobs))
          await queue.enqueue("render", { blogId }, { key: blogId });
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
    start: periodic("content automation", 60, ({ db, ai, logger, queue }) =>
      runDueAutomation({ db, ai, logger, generations: queuedGenerations(queue, logger) }),
    ),
  },
  {
    // A job per generation of the AI writer (`generate-post`, its id the key), two at a time
    // per worker. Each step's result is stored, so a try after a crash goes on from the first
    // step without one (decision 334). At a worker's start, generations left queued or running
    // are queued again.
    name: "AI writer",
    start: async ({ queue, writer }) => {
      await writer?.work(queue);
    },
  },
  {
    name: "weekly suggestions",
    start: periodic("weekly suggestions", 60 * 60, async ({ db, ai, logger }) => {
      await runWeeklyBlogIdeas({ db, ai, logger });
      await runWeeklyAffiliatePrograms({ db, ai, logger });
    }),
  },
  {
    // A job per import (`import`, its id the key), one at a time per worker. A worker that
    // dies mid-import leaves the job to another (pg-boss) or to the next start (SQLite), which
    // goes on after the last item written (decision 144). At a worker's start, imports left
    // queued or running are queued again: that adds nothing for one whose job is still there.
    name: "imports",
    start: async ({ queue, imports }) => {
      await imports?.work(queue);
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
  {
    // Activity past its retention and old notifications (decision 369), once a day.
    name: "activity retention",
    start: periodic("activity retention", 24 * 60 * 60, ({ db }) =>
      deleteExpiredActivity(db, new Date()),
    ),
  },
  {
    // Notifications e-mailed after their change committed, every minute, when the server sends
    // e-mail: a failing SMTP server fails this job (tried again), never the change (decision 369).
    name: "notification e-mails",
    start: async (deps) => {
      const { mailer, appOrigin } = deps;
      if (!mailer || !appOrigin) return;
      await periodic("notification e-mails", 60, ({ db }) =>
        sendNotificationEmails({ db, mailer, appOrigin }),
      )(deps);
    },
  },
  {
    // Newsletters (decision 373), when the server sends e-mail: every 30 s the issues that fell
    // due are made (live posts marked "send by e-mail", weekly digests), and each issue still
    // to send is a job of its own (its id the key), which resumes after a crash without
    // sending anyone the same issue twice.
    name: "newsletters",
    start: async (deps) => {
      const { mailer, db, publishing, logger, queue } = deps;
      if (!mailer) return;
      const delivery = {
        db,
        mailer,
        canonical: publishing.canonical,
        logger,
        bounceAddress: deps.bounceAddress,
      };
      await queue.work(newsletterIssueJob, async (data) => {
        const result = await sendIssue(delivery, String(data.issueId));
        if (result === "sent") logger.info({ issueId: data.issueId }, "newsletter issue sent");
      });
      await periodic("newsletters", 30, async () => {
        for (const issueId of await makeDueIssues({ db, publishing }))
          await queue.enqueue(newsletterIssueJob, { issueId }, { key: `newsletter:${issueId}` });
      })(deps);
    },
  },
  {
    // IndexNow (decision 378): a job per change readers can see, queued with its addresses when
    // the change fires (`withIndexNow`); a 429 or a failure is tried again with back-off.
    name: "indexnow",
    start: async ({ queue, db, publishing, logger, indexNow }) => {
      await queue.work(
        indexNowJob,
        indexNowSubmitter({ db, canonical: publishing.canonical, logger, settings: indexNow }),
      );
    },
  },
  {
    // Link health (decision 379): every 10 minutes the links of posts changed since are read,
    // then the links that are due are checked, a capped number per run, each host politely.
    name: "link health",
    start: periodic("link health", 10 * 60, ({ db, logger }) =>
      runLinkHealth({ db, clock: () => new Date(), check: defaultLinkCheckOptions }).then(
        (done) => {
          if (done.checked > 0) logger.info(done, "links checked");
        },
      ),
    ),
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
      // Together: the queue waits for its handlers, and a running import ends its job's try
      // between two items once told to stop (the next try goes on from there).
      await Promise.all([deps.queue.stop(), deps.imports?.stop()]);
      await deps.publishing.queue.stop();
    },
  };
}

/**
 * How publishing puts renders on the queue (decisions 191, 322). `requestRender`: a committed
 * change as a job any worker takes (PostgreSQL; with one process the render queue runs it at
 * once). `retryRender`: a failed render's next try, after its back-off, on both databases. Both
 * bring a waiting job of the blog forward, so a change never waits behind a later retry.
 */
export function renderRequests(queue: JobQueue, logger: Logger) {
  return {
    requestRender: (blogId: string) =>
      void queue
        .enqueue("render", { blogId }, { key: blogId, bringForward: true })
        .catch((error: unknown) => logger.error({ err: error, blogId }, "render not queued")),
    retryRender: (blogId: string, delayMs: number) =>
      queue.enqueue(
        "render",
        { blogId },
        { key: blogId, startAfter: new Date(Date.now() + delayMs), bringForward: true },
      ),
  };
}

/**
 * What the app's routes and automation queue generations with, in every role. A job that could
 * not be queued is queued by the next worker's start (the generation's row is stored, queued).
 */
export function queuedGenerations(queue: JobQueue, logger: Logger): GenerationQueue {
  return {
    enqueue: (generationId) =>
      enqueueGeneration(queue, generationId).catch((error: unknown) =>
        logger.error({ err: error, generationId }, "generation not queued"),
      ),
  };
}

/**
 * What the app's routes queue imports with, in every role: starting an import queues its job,
 * which a worker (or this process, of role `all`) takes. A job that could not be queued is
 * queued by the next worker's start (the import's row is stored, `queued`).
 */
export function queuedImports(queue: JobQueue, logger: Logger): ImportQueue {
  return {
    enqueue: (importId) =>
      enqueueImport(queue, importId).catch((error: unknown) =>
        logger.error({ err: error, importId }, "import not queued"),
      ),
  };
}
