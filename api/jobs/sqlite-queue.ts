import { sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { newId } from "../db/ids.ts";
import { exec, first, rawRows } from "../db/query.ts";
import type { Logger } from "../logger.ts";
import type { JobData, JobHandler, JobQueue } from "./queue.ts";

/** How a job of the SQLite queue is kept: one row, as pg-boss keeps one in PostgreSQL. */
type Row = {
  id: string;
  name: string;
  singleton_key: string;
  data: string;
  retry_count: number;
};

export type SqliteQueueOptions = {
  db: Database;
  logger?: Logger;
  /** Tries of a failed job after the first (pg-boss's `retryLimit`). */
  retryLimit?: number;
  /** Seconds before the first retry, doubled at each next one (pg-boss's back-off). */
  retryDelaySeconds?: number;
  /** Days finished jobs are kept (to read why one failed), then deleted. */
  keepDays?: number;
  clock?: () => number;
};

/**
 * The durable job queue of the single-process set-up (SQLite), with the semantics of the
 * pg-boss queue of a PostgreSQL set-up (decision 320): jobs are rows of `job_queue` in the app's
 * database, so a job enqueued before a crash or a restart runs after it; a job's key lets one
 * wait and one run at a time; a failed job is tried again with back-off, up to a limit; a
 * schedule creates one job per period. One process owns the database, so a job found running
 * at start belonged to a process that died: it is handed back at once (counted as a try).
 *
 * The table is the queue's own, created on first use like pg-boss's schema, outside the app's
 * migrations: nothing else reads it.
 */
export async function createSqliteQueue(options: SqliteQueueOptions): Promise<JobQueue> {
  const { db, logger } = options;
  const now = options.clock ?? Date.now;
  const retryLimit = options.retryLimit ?? 5;
  const retryDelayMs = (options.retryDelaySeconds ?? 5) * 1000;
  const keepMs = (options.keepDays ?? 7) * 86_400_000;

  await exec(
    db,
    sql`create table if not exists job_queue (
      id text primary key,
      name text not null,
      singleton_key text not null,
      data text not null,
      state text not null,
      retry_count integer not null default 0,
      retry_limit integer not null,
      start_after integer not null,
      started_at integer,
      completed_at integer,
      output text,
      created_at integer not null
    )`,
  );
  // One waiting job per key; the queue lets one more run.
  await exec(
    db,
    sql`create unique index if not exists job_queue_waiting on job_queue (name, singleton_key) where state = 'created'`,
  );
  await exec(db, sql`create index if not exists job_queue_due on job_queue (state, start_after)`);
  // A job left running belonged to a process that is gone (one process owns a SQLite file).
  await handBack(sql`state = 'active'`, "the process running it stopped");
  const deleteOld = () =>
    exec(
      db,
      sql`delete from job_queue where state in ('completed', 'failed', 'cancelled') and completed_at < ${now() - keepMs}`,
    );
  await deleteOld();
  /** Jobs finished since old ones were last deleted (a schedule makes thousands a week). */
  let finishedSinceDelete = 0;

  const handlers = new Map<string, { run: JobHandler; concurrency: number; running: number }>();
  const runningKeys = new Set<string>();
  const inFlight = new Set<Promise<void>>();
  const intervals = new Set<NodeJS.Timeout>();
  let wakeTimer: NodeJS.Timeout | undefined;
  let wakeAt = Number.POSITIVE_INFINITY;
  let draining: Promise<void> | undefined;
  let drainAgain = false;
  let stopped = false;

  /** Puts the jobs matching `where` back to wait, or fails those out of tries. */
  async function handBack(where: ReturnType<typeof sql>, reason: string) {
    const rows = await rawRows<Row & { retry_limit: number }>(
      db,
      sql`select id, name, singleton_key, data, retry_count, retry_limit from job_queue where ${where}`,
    );
    for (const row of rows) await settleFailure(row, row.retry_limit, reason);
  }

  /** A failed try: the job waits again (after its back-off) or, out of tries, fails. */
  async function settleFailure(row: Row, limit: number, reason: string) {
    const tries = row.retry_count + 1;
    const output = JSON.stringify({ error: reason.slice(0, 2000) });
    if (tries <= limit) {
      // Unless a newer job of the key waits already: that one will do the work.
      await exec(
        db,
        sql`update job_queue set state = 'created', retry_count = ${tries}, output = ${output},
          start_after = ${now() + retryDelayMs * 2 ** (tries - 1)}
          where id = ${row.id} and not exists (select 1 from job_queue w where w.name = ${row.name}
            and w.singleton_key = ${row.singleton_key} and w.state = 'created')`,
      );
    }
    await exec(
      db,
      sql`update job_queue set state = 'failed', retry_count = ${tries}, output = ${output},
        completed_at = ${now()} where id = ${row.id} and state = 'active'`,
    );
  }

  /** Wakes the queue at `at` (the earliest job waiting for its time). */
  function wakeAtTime(at: number) {
    if (stopped || at >= wakeAt) return;
    clearTimeout(wakeTimer);
    wakeAt = at;
    wakeTimer = setTimeout(
      () => {
        wakeAt = Number.POSITIVE_INFINITY;
        drain();
      },
      Math.max(0, at - now()),
    );
    wakeTimer.unref();
  }

  /** Starts every due job a handler here has room for; one drain at a time. */
  function drain(): void {
    if (stopped) return;
    if (draining) {
      drainAgain = true;
      return;
    }
    draining = (async () => {
      do {
        drainAgain = false;
        await startDueJobs();
      } while (drainAgain && !stopped);
    })()
      .catch((error: unknown) => logger?.error({ err: error }, "job queue could not start jobs"))
      .finally(() => {
        draining = undefined;
      });
  }

  async function startDueJobs() {
    const names = [...handlers].filter(([, h]) => h.running < h.concurrency).map(([n]) => n);
    if (names.length === 0) return;
    const at = now();
    const due = await rawRows<Row & { start_after: number }>(
      db,
      sql`select id, name, singleton_key, data, retry_count, start_after from job_queue
        where state = 'created' and name in (${sql.join(
          names.map((name) => sql`${name}`),
          sql`, `,
        )}) order by start_after, created_at limit 200`,
    );
    for (const row of due) {
      const handler = handlers.get(row.name);
      if (!handler || handler.running >= handler.concurrency) continue;
      if (row.start_after > at) {
        wakeAtTime(row.start_after);
        continue;
      }
      const runKey = `${row.name}\u0000${row.singleton_key}`;
      if (runningKeys.has(runKey)) continue;
      runningKeys.add(runKey);
      handler.running++;
      await exec(
        db,
        sql`update job_queue set state = 'active', started_at = ${at} where id = ${row.id}`,
      );
      const run = runJob(row, handler.run).finally(() => {
        runningKeys.delete(runKey);
        handler.running--;
        inFlight.delete(run);
        drain();
      });
      inFlight.add(run);
    }
  }

  async function runJob(row: Row, handler: JobHandler) {
    try {
      await handler(JSON.parse(row.data) as JobData, { id: row.id, retryCount: row.retry_count });
      await exec(
        db,
        sql`update job_queue set state = 'completed', completed_at = ${now()} where id = ${row.id}`,
      );
      if (++finishedSinceDelete >= 1000) {
        finishedSinceDelete = 0;
        void deleteOld().catch((error: unknown) =>
          logger?.warn({ err: error }, "old jobs could not be deleted"),
        );
      }
    } catch (error) {
      logger?.error({ err: error, job: row.name }, "job failed");
      const limit = await first(
        rawRows<{ retry_limit: number }>(
          db,
          sql`select retry_limit from job_queue where id = ${row.id}`,
        ),
      );
      await settleFailure(
        row,
        limit?.retry_limit ?? retryLimit,
        error instanceof Error ? error.message : String(error),
      ).catch((settling: unknown) =>
        logger?.error({ err: settling, job: row.name }, "failed job could not be settled"),
      );
    }
  }

  const queue: JobQueue = {
    kind: "sqlite",
    async enqueue(name, data = {}, enqueueOptions = {}) {
      if (stopped) return;
      const startAfter = enqueueOptions.startAfter?.getTime() ?? now();
      // A job of the key waiting already: it stays, at the earlier time when brought forward.
      const coalesce = enqueueOptions.bringForward
        ? sql`on conflict (name, singleton_key) where state = 'created'
            do update set start_after = min(job_queue.start_after, excluded.start_after)`
        : sql`on conflict do nothing`;
      await exec(
        db,
        sql`insert into job_queue (id, name, singleton_key, data, state, retry_limit, start_after, created_at)
          values (${newId()}, ${name}, ${enqueueOptions.key ?? name}, ${JSON.stringify(data)}, 'created',
            ${retryLimit}, ${startAfter}, ${now()})
          ${coalesce}`,
      );
      if (handlers.has(name)) {
        if (startAfter > now()) wakeAtTime(startAfter);
        else drain();
      }
    },
    async work(name, run, workOptions = {}) {
      handlers.set(name, { run, concurrency: workOptions.concurrency ?? 1, running: 0 });
      drain();
    },
    async schedule(name, everySeconds) {
      // One process keeps the schedules: a job per period, coalesced with one still waiting.
      const tick = () =>
        void queue
          .enqueue(name)
          .catch((error: unknown) => logger?.error({ err: error, job: name }, "job not queued"));
      tick();
      const timer = setInterval(tick, everySeconds * 1000);
      timer.unref();
      intervals.add(timer);
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      clearTimeout(wakeTimer);
      for (const timer of intervals) clearInterval(timer);
      await draining;
      await Promise.all([...inFlight]);
    },
  };
  return queue;
}
