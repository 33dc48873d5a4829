import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import type { CpuTaskName, CpuTasks } from "./cpu-tasks.ts";

type Input<K extends CpuTaskName> = Parameters<CpuTasks[K]>[0];
type Output<K extends CpuTaskName> = Awaited<ReturnType<CpuTasks[K]>>;

/** Runs CPU-heavy steps on worker threads so no request's work stalls the event loop. */
export type CpuPool = {
  /** `transfer`: buffers of `input` handed to the worker instead of copied (unusable after). */
  run<K extends CpuTaskName>(
    name: K,
    input: Input<K>,
    transfer?: ArrayBuffer[],
  ): Promise<Output<K>>;
  /** Worker threads running now (they start with work and stop when idle). */
  readonly running: number;
  close(): Promise<void>;
};

type Job = {
  id: number;
  name: CpuTaskName;
  input: unknown;
  transfer: ArrayBuffer[];
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
};
type Slot = { worker: Worker; job: Job | undefined };

/**
 * A small fixed pool of worker threads (docs/decisions/077-cpu-work-off-the-event-loop.md),
 * started on first use. Written here rather than taken from npm (piscina, tinypool): it is
 * sixty lines, the project has none of them installed, and it needs nothing they add.
 * Jobs wait in one queue, first come first served; a worker that dies fails its job only and
 * is replaced. Idle workers do not keep the process alive, and stop after `idleMs`.
 */
export function createCpuPool(
  size = Math.max(1, Math.min(2, availableParallelism() - 1)),
  { idleMs = 10_000 } = {},
): CpuPool {
  const slots: Slot[] = [];
  const queue: Job[] = [];
  let nextId = 1;
  let closed = false;
  let idleTimer: NodeJS.Timeout | undefined;

  /**
   * Workers without work for `idleMs` are stopped (decision 160): each holds its own heap with
   * the sanitizer and the rest of its modules, 20–30 MB an idle server does not need. The next
   * job starts one again.
   */
  function stopWhenIdle(): void {
    clearTimeout(idleTimer);
    if (queue.length > 0 || slots.some((slot) => slot.job)) return;
    idleTimer = setTimeout(() => {
      if (queue.length > 0 || slots.some((slot) => slot.job)) return;
      for (const slot of slots.splice(0)) void slot.worker.terminate();
    }, idleMs);
    idleTimer.unref();
  }

  function start(): Slot {
    const worker = new Worker(new URL("./cpu-worker.ts", import.meta.url));
    const slot: Slot = { worker, job: undefined };
    worker.unref();
    worker.on("message", (message: { id: number; result?: unknown; error?: string }) => {
      const job = slot.job;
      if (!job || job.id !== message.id) return;
      slot.job = undefined;
      worker.unref();
      if (message.error !== undefined) job.reject(new Error(message.error));
      else job.resolve(message.result);
      dispatch();
    });
    const fail = (error: Error) => {
      const job = slot.job;
      slot.job = undefined;
      slots.splice(slots.indexOf(slot), 1);
      job?.reject(error);
      dispatch();
    };
    worker.on("error", fail);
    worker.on("exit", (code) => {
      if (slots.includes(slot)) fail(new Error(`CPU worker stopped (exit code ${code})`));
    });
    slots.push(slot);
    return slot;
  }

  function dispatch(): void {
    clearTimeout(idleTimer);
    while (queue.length > 0 && !closed) {
      const slot = slots.find((s) => !s.job) ?? (slots.length < size ? start() : undefined);
      if (!slot) return;
      const job = queue.shift() as Job;
      slot.job = job;
      // A busy worker keeps the process alive until its job is answered.
      slot.worker.ref();
      slot.worker.postMessage({ id: job.id, name: job.name, input: job.input }, job.transfer);
    }
    if (!closed) stopWhenIdle();
  }

  return {
    run(name, input, transfer = []) {
      if (closed) return Promise.reject(new Error("The CPU pool is closed"));
      return new Promise((resolve, reject) => {
        queue.push({
          id: nextId++,
          name,
          input,
          transfer,
          resolve: resolve as Job["resolve"],
          reject,
        });
        dispatch();
      });
    },
    get running() {
      return slots.length;
    },
    async close() {
      closed = true;
      clearTimeout(idleTimer);
      for (const job of queue.splice(0)) job.reject(new Error("The CPU pool is closed"));
      const running = slots.splice(0);
      await Promise.all(running.map((slot) => slot.worker.terminate()));
      for (const slot of running) slot.job?.reject(new Error("The CPU pool is closed"));
    },
  };
}
