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
  /**
   * A job of the key that waits to start later than this one would starts at this one's time
   * instead (its data is kept): a blog's new change does not wait behind its delayed retry.
   * Without it a waiting job is left as it is (the render sweep keeps a retry's back-off).
   */
  bringForward?: boolean;
};

/** What a handler knows of the job it runs besides its data. */
export type JobInfo = {
  /** The job's id on its queue: the same on every try (stored steps are kept under it). */
  id: string;
  /** Tries before this one (0 on the first). */
  retryCount: number;
};

export type JobHandler = (data: JobData, job: JobInfo) => Promise<void>;

/**
 * The job queue (decisions 191, 320): pg-boss on PostgreSQL (`pg-boss-queue.ts`), a table of the
 * app's database on SQLite (`sqlite-queue.ts`), with the same semantics. Jobs run at least once; their effects are
 * made exactly-once by the handlers themselves, through the database's conditional updates (a
 * scheduled post is claimed by clearing its schedule, a render request by its row), so a job
 * run twice after a crash finds nothing left to do.
 */
export type JobQueue = {
  kind: "sqlite" | "pg-boss";
  enqueue: (name: string, data?: JobData, options?: EnqueueOptions) => Promise<void>;
  /** Runs `handler` for jobs of `name` in this process (a worker); `concurrency` at a time. */
  work: (name: string, handler: JobHandler, options?: { concurrency?: number }) => Promise<void>;
  /** Enqueues `name` every `everySeconds`: one job per period across all processes. */
  schedule: (name: string, everySeconds: number) => Promise<void>;
  /** Starts no more jobs and waits for those running here. */
  stop: () => Promise<void>;
};
