import {
  createWorkerPool,
  type WorkerPool,
  type WorkerPoolOptions,
} from "../../site-builder/pipeline/worker-pool.ts";
import { type CpuTaskName, type CpuTasks, cpuTasks } from "./cpu-tasks.ts";

/** The process's one pool of worker threads (decision 324), with the API's tasks on it. */
export type CpuPool = WorkerPool;

export const createCpuPool = (options?: WorkerPoolOptions): CpuPool => createWorkerPool(options);

/** The module whose exports the threads run for `runCpu`. */
export const cpuWorkerModule = new URL(
  // `.js` when the server runs from its build (`dist/`, npm start), `.ts` from the sources.
  import.meta.url.endsWith(".js") ? "./cpu-worker.js" : "./cpu-worker.ts",
  import.meta.url,
);

/**
 * A task on the pool when there is one; inline (scripts, unit tests of one service) otherwise.
 * `lane: "background"` for work nobody waits for (a render's bodies, an import).
 */
export async function runCpu<K extends CpuTaskName>(
  pool: CpuPool | undefined,
  name: K,
  input: Parameters<CpuTasks[K]>[0],
  options: { transfer?: ArrayBuffer[]; lane?: "now" | "background" } = {},
): Promise<Awaited<ReturnType<CpuTasks[K]>>> {
  type Output = Awaited<ReturnType<CpuTasks[K]>>;
  if (pool) return pool.run<Output>(cpuWorkerModule, name, input, options);
  return (cpuTasks[name] as (input: unknown) => Output)(input);
}
