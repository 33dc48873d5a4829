import { move, transferableSymbol, valueSymbol } from "piscina";
import { cpuTasks } from "./cpu-tasks.ts";

/**
 * The API's tasks as the worker pool's threads run them (site-builder's worker-pool.ts): the
 * same functions, with fingerprints (Float64Array) transferred back instead of copied.
 */

export const parseImport = cpuTasks.parseImport;
export const preparePosts = cpuTasks.preparePosts;
export const compare = cpuTasks.compare;
export const extractArticle = cpuTasks.extractArticle;

export const fingerprint = (input: { html: string }) => move(cpuTasks.fingerprint(input));

export const fingerprints = (input: { htmls: string[] }) => {
  const arrays = cpuTasks.fingerprints(input);
  return move({
    get [transferableSymbol]() {
      return arrays.map((array) => array.buffer);
    },
    get [valueSymbol]() {
      return arrays;
    },
  });
};
