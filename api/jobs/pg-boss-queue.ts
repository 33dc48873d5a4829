import { PgBoss } from "pg-boss";
import type { Logger } from "../logger.ts";
import type { JobQueue } from "./queue.ts";

export type PgBossQueueOptions = {
  /** The PostgreSQL the app uses (DATABASE_URL): pg-boss keeps its tables in its own schema. */
  connectionString: string;
  schema?: string;
  logger?: Logger;
  /** A name for this process in pg-boss's registry of instances. */
  instanceName?: string;
  /**
   * How often a running job tells the database it is alive: a job whose process died (kill -9,
   * a machine lost) is handed to another worker this long after its last heartbeat (at least
   * 10 s, pg-boss's floor), plus one supervision interval.
   */
  heartbeatSeconds?: number;
  /** How often this process looks for jobs whose heartbeat stopped (and for expired ones). */
  superviseIntervalSeconds?: number;
  /** The longest a job may run, even with a heartbeat (default 24 h, pg-boss's most). */
  expireInSeconds?: number;
  /** How often an idle worker asks for a job. */
  pollingIntervalSeconds?: number;
  /** Connections in pg-boss's own pool. */
  maxConnections?: number;
};

/**
 * The shared job queue of a PostgreSQL set-up (decision 191), on pg-boss: jobs are rows in the
 * same PostgreSQL, claimed with SKIP LOCKED by any worker process; a job's key makes its queue
 * `stately` (one waiting and one running per key, across processes); a job whose worker stops
 * sending heartbeats is retried by another; a schedule creates one job per period however many
 * processes keep it.
 */
export async function createPgBossQueue(options: PgBossQueueOptions): Promise<JobQueue> {
  const { logger } = options;
  const boss = new PgBoss({
    connectionString: options.connectionString,
    schema: options.schema ?? "pgboss",
    max: options.maxConnections ?? 4,
    application_name: "blogfleet-jobs",
    instanceName: options.instanceName,
    // Stale heartbeats and expired jobs are looked for this often (per queue, not more often
    // than the monitor interval: the same).
    superviseIntervalSeconds: options.superviseIntervalSeconds ?? 5,
    monitorIntervalSeconds: options.superviseIntervalSeconds ?? 5,
    // Schedules are kept by `schedule` below (pg-boss's cron sends at most every 30 s).
    schedule: false,
  });
  boss.on("error", (error) => logger?.error({ err: error }, "job queue error"));
  await boss.start();

  const queueOptions = {
    policy: "stately" as const,
    heartbeatSeconds: Math.max(10, options.heartbeatSeconds ?? 10),
    // A job that still sends heartbeats is alive: expiry is only the outer bound (pg-boss's
    // most), so a long import is never handed to a second worker while the first still runs.
    expireInSeconds: options.expireInSeconds ?? 24 * 60 * 60,
    // A failed or abandoned job is tried again (a worker that died, a model that timed out);
    // each run reads from the database what is still to do.
    retryLimit: 5,
    retryDelay: 5,
    retryBackoff: true,
  };
  const created = new Map<string, Promise<void>>();
  const ensureQueue = (name: string) => {
    let creating = created.get(name);
    if (!creating) {
      creating = (async () => {
        if (!(await boss.getQueue(name))) await boss.createQueue(name, queueOptions);
      })().catch(async (error: unknown) => {
        // Another process created it at the same moment.
        if (!(await boss.getQueue(name))) throw error;
      });
      created.set(name, creating);
    }
    return creating;
  };
  let stopped = false;
  const timers: NodeJS.Timeout[] = [];

  return {
    kind: "pg-boss",
    async enqueue(name, data = {}, enqueueOptions = {}) {
      await ensureQueue(name);
      const { startAfter, bringForward } = enqueueOptions;
      const key = enqueueOptions.key ?? name;
      const id = await boss.send(name, data, {
        singletonKey: key,
        ...(startAfter ? { startAfter } : {}),
      });
      if (id !== null || !bringForward) return;
      // A job of the key waits already (stately): it stays, at the earlier time. `update` leaves
      // a job that became active meanwhile alone; a relative 0 is the database's now.
      const wanted = startAfter?.getTime() ?? Date.now();
      for (const job of await boss.findJobs(name, { key, queued: true })) {
        if (job.startAfter.getTime() <= wanted) continue;
        await boss.update(name, undefined, { id: job.id, startAfter: startAfter ?? 0 });
      }
    },
    async work(name, handler, workOptions = {}) {
      await ensureQueue(name);
      await boss.work(
        name,
        {
          batchSize: 1,
          localConcurrency: workOptions.concurrency ?? 1,
          pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
        },
        async (jobs) => {
          for (const job of jobs)
            await handler(job.data as Record<string, unknown>, {
              id: job.id,
              retryCount: (job as { retryCount?: number }).retryCount ?? 0,
            });
        },
      );
    },
    async schedule(name, everySeconds) {
      await ensureQueue(name);
      // Every process that keeps the schedule asks each period; the database keeps one job per
      // key and period (pg-boss's throttling: singletonKey with singletonSeconds).
      const tick = () => {
        if (stopped) return;
        boss
          .sendThrottled(name, {}, null, everySeconds, name)
          .catch((error: unknown) => logger?.error({ err: error, job: name }, "job not queued"));
      };
      tick();
      const timer = setInterval(tick, everySeconds * 1000);
      timer.unref();
      timers.push(timer);
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      // Jobs running here finish (up to the timeout); those that do not are retried elsewhere.
      await boss.stop({ graceful: true, timeout: 20_000, close: true });
    },
  };
}
