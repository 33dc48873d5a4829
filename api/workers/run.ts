import type { CpuPool } from "./cpu-pool.ts";
import { type CpuTaskName, type CpuTasks, cpuTasks } from "./cpu-tasks.ts";

/** A task on the pool when there is one; inline (scripts, unit tests of one service) otherwise. */
export async function runCpu<K extends CpuTaskName>(
  pool: CpuPool | undefined,
  name: K,
  input: Parameters<CpuTasks[K]>[0],
  transfer?: ArrayBuffer[],
): Promise<ReturnType<CpuTasks[K]>> {
  if (pool) return pool.run(name, input, transfer);
  return (cpuTasks[name] as (input: unknown) => ReturnType<CpuTasks[K]>)(input);
}
