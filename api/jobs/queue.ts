import type { Logger } from "../logger.ts";

/** What a job carries: plain JSON (it may be stored in the database between processes). */
export type JobData = Record<string, unknown>;

export type EnqueueOptions = {
  /**
   * Jobs with the same key coalesce (default: the job's name): at most one waits and at most one
   * runs at a time, across every process. A job enqueued while another with its key waits adds
   * nothing: the waiting one will see the latest state when it runs (a render per blog, an
   * import per import id, one run of a periodic job).
   */
  key?: string;
  /** Not before this time. */
  startAfter?: Date;
};

export type JobHandler = (data: JobData) => Promise<void>;

/**
 * The job queue every process shares (decision 191). Jobs run at least once; their effects are
 * made exactly-once by the handlers themselves, through the database's conditional updates (a
 * scheduled post is claimed by clearing its schedule, a render request by its row), so a job
 * run twice after a crash finds nothing left to do.
 */
export type JobQueue = {
  kind: "in-process" | "pg-boss";
  enqueue: (name: string, data?: JobData, options?: EnqueueOptions) => Promise<void>;
  /** Runs `handler` for jobs of `name` in this process (a worker); `concurrency` at a time. */
  work: (name: string, handler: JobHandler, options?: { concurrency?: number }) => Promise<void>;
  /** Enqueues `name` every `everySeconds`: one job per period across all processes. */
  schedule: (name: string, everySeconds: number) => Promise<void>;
  /** Starts no more jobs and waits for those running here. */
  stop: () => Promise<void>;
};

/**
 * The queue of the single-process set-up (SQLite): jobs wait in memory and run in this process.
 * What must survive a restart is in the database already (render requests in the outbox,
 * schedules on the posts, imports' progress), and each job reads it from there when it runs.
 */
export function createInProcessQueue(options: { logger?: Logger } = {}): JobQueue {
  type Waiting = { data: JobData; key: string; notBefore: number };
  const handlers = new Map<string, { run: JobHandler; concurrency: number }>();
  const waiting = new Map<string, Waiting[]>();
  const runningKeys = new Map<string, Set<string>>();
  const inFlight = new Set<Promise<void>>();
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;

  const later = (ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timer.unref();
    timers.add(timer);
  };

  const drain = (name: string) => {
    const handler = handlers.get(name);
    const queue = waiting.get(name);
    if (stopped || !handler || !queue) return;
    const running = runningKeys.get(name) ?? new Set<string>();
    runningKeys.set(name, running);
    const now = Date.now();
    for (let i = 0; i < queue.length && running.size < handler.concurrency; ) {
      const job = queue[i] as Waiting;
      if (running.has(job.key) || job.notBefore > now) {
        i++;
        continue;
      }
      queue.splice(i, 1);
      running.add(job.key);
      const run = handler
        .run(job.data)
        .catch((error: unknown) => options.logger?.error({ err: error, job: name }, "job failed"))
        .finally(() => {
          running.delete(job.key);
          inFlight.delete(run);
          drain(name);
        });
      inFlight.add(run);
    }
    const next = Math.min(...queue.map((job) => job.notBefore));
    if (Number.isFinite(next) && next > now) later(next - now, () => drain(name));
  };

  return {
    kind: "in-process",
    async enqueue(name, data = {}, enqueueOptions = {}) {
      if (stopped) return;
      const key = enqueueOptions.key ?? name;
      const queue = waiting.get(name) ?? [];
      waiting.set(name, queue);
      if (queue.some((job) => job.key === key)) return;
      queue.push({ data, key, notBefore: enqueueOptions.startAfter?.getTime() ?? 0 });
      drain(name);
    },
    async work(name, run, workOptions = {}) {
      handlers.set(name, { run, concurrency: workOptions.concurrency ?? 1 });
      drain(name);
    },
    async schedule(name, everySeconds) {
      void this.enqueue(name);
      const timer = setInterval(() => void this.enqueue(name), everySeconds * 1000);
      timer.unref();
      timers.add(timer);
    },
    async stop() {
      stopped = true;
      for (const timer of timers) {
        clearTimeout(timer);
        clearInterval(timer);
      }
      await Promise.all([...inFlight]);
    },
  };
}
