import { parentPort } from "node:worker_threads";
import { type CpuTaskName, cpuTasks } from "./cpu-tasks.ts";

type Request = { id: number; name: CpuTaskName; input: unknown };

/**
 * Runs one task at a time for the pool in cpu-pool.ts (the pool sends the next once this one
 * is answered); Float64Array results are transferred.
 */
parentPort?.on("message", async ({ id, name, input }: Request) => {
  try {
    const result = await (cpuTasks[name] as (input: unknown) => unknown)(input);
    const arrays = Array.isArray(result) ? result : [result];
    const transfer = arrays
      .filter((item): item is Float64Array => item instanceof Float64Array)
      .map((item) => item.buffer as ArrayBuffer);
    parentPort?.postMessage({ id, result }, transfer);
  } catch (error) {
    parentPort?.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
